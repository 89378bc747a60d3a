import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blacklistedKinds } from '../../src/modules/blacklist/blacklist.service.ts';
import { auditList, call } from '../support/admin.ts';
import { serviceKey } from '../support/money.ts';
import { sameNameWrittenOtherwise } from '../support/name-variants.ts';
import { type TestContext, testApp, uniqueBankNumber, uniquePhone } from '../support/test-app.ts';

/**
 * The blacklist: admins bar bank accounts, phones and names, each
 * compared in its normalised form; every change is audited; a registration
 * with a barred phone or bank account is refused with one answer that names
 * neither, so the list cannot be probed.
 */

let t: TestContext;
const added: number[] = [];
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  // The test leaves nothing barred behind for the other test files.
  if (added.length > 0) await t.database.db.deleteFrom('blacklist').where('id', 'in', added).execute();
});

let tags = 0;
/** Letters of this run alone, so that a name barred here bars nothing in another test. */
const letterTag = () =>
  `${process.pid}x${Date.now()}x${++tags}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] as string);

async function bar(kind: string, value: string, note?: string) {
  const response = await call(t.app, serviceKey, 'POST', ADMIN_PATHS.blacklist, { kind, value, note });
  if (response.statusCode === 200) added.push(response.json().data.id);
  return response;
}

function register(overrides: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.register,
    headers,
    payload: {
      agentId: 1,
      fullName: 'Blacklist Test',
      bankCode: 'KBANK',
      bankNumber: uniqueBankNumber(),
      phoneNumber: uniquePhone(),
      password: 'password123',
      ...overrides,
    },
  });
}

describe('the blacklist', () => {
  it('an admin bars a phone as typed; it is kept as typed and compared as digits; the change is audited', async () => {
    const phone = uniquePhone();
    const typed = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    const response = await bar('PHONE', typed, 'chargeback fraud');
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json().data;
    expect(entry).toMatchObject({ kind: 'PHONE', value: typed, normalised: phone, note: 'chargeback fraud' });
    const audit = await auditList(t.app, { action: 'blacklist.add', limit: 50 });
    expect(audit.items.find((item) => item.targetId === String(entry.id))).toMatchObject({
      action: 'blacklist.add',
      targetType: 'blacklist',
    });
    const listed = await call(t.app, serviceKey, 'GET', `${ADMIN_PATHS.blacklist}?kind=PHONE&q=${phone}`);
    expect(listed.json().data.items.map((item: { id: number }) => item.id)).toEqual([entry.id]);
  });

  it('the same value in another form is already there: 409, nothing added', async () => {
    const account = uniqueBankNumber();
    expect((await bar('BANK_ACCOUNT', account)).statusCode).toBe(200);
    const again = await bar('BANK_ACCOUNT', `${account.slice(0, 3)} ${account.slice(3)}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      data: { errorCode: 'BLACKLIST_EXISTS' },
      message: 'This value is already on the blacklist.',
    });
  });

  it('a value that is not a phone, an account or a name is refused with a message saying what is wanted', async () => {
    for (const [kind, value] of [
      ['PHONE', '12345'],
      ['BANK_ACCOUNT', 'not digits'],
      ['NAME', '1234'],
      ['NAME', '   '],
    ]) {
      const response = await bar(String(kind), String(value));
      expect(response.statusCode, `${kind} ${value}`).toBe(400);
      expect(response.json().message).toMatch(/phone number \(10 digits\)|Please|value/i);
    }
    const wrongKind = await bar('EMAIL', 'a@b.c');
    expect(wrongKind.statusCode).toBe(400);
  });

  it('registration with a barred phone or a barred bank account: one answer, naming neither, and no player', async () => {
    const phone = uniquePhone();
    const account = uniqueBankNumber();
    await bar('PHONE', phone);
    await bar('BANK_ACCOUNT', account);
    const byPhone = await register({ phoneNumber: phone });
    const byAccount = await register({ bankNumber: account });
    for (const response of [byPhone, byAccount]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        success: false,
        data: { errorCode: 'REGISTRATION_UNAVAILABLE' },
        message: 'Registration with these details is not available. Please contact support.',
      });
    }
    expect(byPhone.body.replace(/"requestId":"[^"]*"/, '')).toBe(byAccount.body.replace(/"requestId":"[^"]*"/, ''));
    const players = await t.database.db
      .selectFrom('players')
      .select('id')
      .where((eb) => eb.or([eb('phone_number', '=', phone), eb('bank_number', '=', account)]))
      .execute();
    expect(players).toEqual([]);
    const thai = await register({ phoneNumber: phone }, { 'accept-language': 'th' });
    expect(thai.json().message).toBe('ไม่สามารถสมัครสมาชิกด้วยข้อมูลนี้ได้ กรุณาติดต่อฝ่ายบริการลูกค้า');
  });

  it('taken off the list (audited), the phone registers again', async () => {
    const phone = uniquePhone();
    const entry = (await bar('PHONE', phone)).json().data;
    expect((await register({ phoneNumber: phone })).statusCode).toBe(403);
    const removed = await call(
      t.app,
      serviceKey,
      'DELETE',
      fillPath(ADMIN_PATHS.blacklistEntry, { id: String(entry.id) }),
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const audit = await auditList(t.app, { action: 'blacklist.remove', limit: 50 });
    expect(audit.items.some((item) => item.targetId === String(entry.id))).toBe(true);
    expect((await register({ phoneNumber: phone })).statusCode).toBe(200);
    const missing = await call(
      t.app,
      serviceKey,
      'DELETE',
      fillPath(ADMIN_PATHS.blacklistEntry, { id: String(entry.id) }),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('a barred name matches however it is written: title, spaces, zero-width characters', async () => {
    const unique = `ทดสอบ${Date.now() % 1_000_000}`;
    expect((await bar('NAME', `นาย ${unique} ใจดี`)).statusCode).toBe(200);
    for (const written of [`${unique} ใจดี`, `นางสาว${unique}  ใจ\u200Bดี`]) {
      expect(await blacklistedKinds(t.database.db, { fullName: written }), written).toEqual(['NAME']);
    }
    expect(await blacklistedKinds(t.database.db, { fullName: `${unique} ใจร้าย` })).toEqual([]);
  });

  it('a barred name is found however it is written: a title (Dr, คุณ, ดร.), full-width, a Cyrillic look-alike, hyphen, comma, words swapped', async () => {
    const name = `Excluded Person${letterTag()}`;
    expect((await bar('NAME', name)).statusCode).toBe(200);
    for (const [way, written] of Object.entries(sameNameWrittenOtherwise(name))) {
      expect(await blacklistedKinds(t.database.db, { fullName: written }), `${way}: ${written}`).toEqual(['NAME']);
    }
  });

  it('a different person with a similar name is not found on the list', async () => {
    const tag = letterTag();
    expect((await bar('NAME', `Excluded Person${tag}`)).statusCode).toBe(200);
    for (const written of [
      `Excluded Persons${tag}`,
      `Excluded Parson${tag}`,
      `Person${tag}`,
      `Excluded Person${tag} Junior`,
    ]) {
      expect(await blacklistedKinds(t.database.db, { fullName: written }), written).toEqual([]);
    }
  });

  it('the same name with a title or its words in another order is already there: 409, nothing added', async () => {
    const tag = letterTag();
    expect((await bar('NAME', `Excluded Person${tag}`)).statusCode).toBe(200);
    for (const written of [`Dr. Excluded-Person${tag}`, `Person${tag}, Excluded`]) {
      const again = await bar('NAME', written);
      expect(again.statusCode, written).toBe(409);
      expect(again.json().data.errorCode).toBe('BLACKLIST_EXISTS');
    }
  });

  it('a barred account number is refused at registration at every bank, not only the one it was barred at', async () => {
    const account = uniqueBankNumber();
    expect((await bar('BANK_ACCOUNT', account)).statusCode).toBe(200);
    for (const bankCode of ['KBANK', 'BBL', 'SCB']) {
      const response = await register({ bankNumber: account, bankCode });
      expect(response.statusCode, bankCode).toBe(403);
      expect(response.json().data.errorCode).toBe('REGISTRATION_UNAVAILABLE');
    }
  });
});

/**
 * An entry's kind is part of what it bars: a barred phone number bars that
 * phone, not a bank account written with the same digits, and the reverse.
 * Mutant SP-T28 in support/source-mutants-scopes.ts; the risk rules' facts are
 * held the same way in risk-rules.test.ts (SP-17, SP-18).
 */
describe('the blacklist: an entry matches values of its own kind only', () => {
  it('a barred phone’s digits as a bank account, and a barred account’s digits as a phone, register; both kinds of one value are two entries', async () => {
    // Digits that are a valid phone number and a valid KBANK account number alike.
    const [asPhone, asAccount] = [uniquePhone(), uniquePhone()];
    expect((await bar('PHONE', asPhone)).statusCode).toBe(200);
    expect((await bar('BANK_ACCOUNT', asAccount)).statusCode).toBe(200);
    const byAccount = await register({ bankNumber: asPhone });
    expect(byAccount.statusCode, byAccount.body).toBe(200);
    const byPhone = await register({ phoneNumber: asAccount });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    // The same digits barred as the other kind too: a second entry, not "already listed".
    expect((await bar('BANK_ACCOUNT', asPhone)).statusCode).toBe(200);
    expect(await blacklistedKinds(t.database.db, { bankNumber: asPhone })).toEqual(['BANK_ACCOUNT']);
    expect(await blacklistedKinds(t.database.db, { phone: asPhone })).toEqual(['PHONE']);
    expect(await blacklistedKinds(t.database.db, { phone: asAccount })).toEqual([]);
  });
});
