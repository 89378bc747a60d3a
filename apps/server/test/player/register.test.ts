import { BANKS } from '@app/contracts/banks';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, testApp, uniqueBankNumber, uniquePhone } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

function payload(overrides: Record<string, unknown> = {}) {
  return {
    agentId: 1,
    fullName: 'สมหญิง ทดสอบ',
    bankNumber: uniqueBankNumber(),
    bankCode: 'KBANK',
    bankName: 'Kasikorn bank',
    lineId: undefined as string | undefined,
    phoneNumber: uniquePhone(),
    password: 'password123',
    ...overrides,
  };
}

const register = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/register', payload: body as object, headers });

describe('POST /register (spec §3, §5)', () => {
  it('§3 registers a player and answers {status: 200, message}', async () => {
    const response = await register(payload());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 200, message: 'Register successful' });
  });

  it('§3 stores agentId and lineId (lineId defaults to the phone number)', async () => {
    const withLine = payload({ lineId: 'my-line' });
    const withoutLine = payload();
    expect((await register(withLine)).statusCode).toBe(200);
    expect((await register(withoutLine)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('players')
      .select(['phone_number', 'agent_id', 'line_id'])
      .where('phone_number', 'in', [withLine.phoneNumber, withoutLine.phoneNumber])
      .execute();
    const byPhone = new Map(rows.map((row) => [row.phone_number, row]));
    expect(byPhone.get(withLine.phoneNumber)).toMatchObject({ agent_id: 1, line_id: 'my-line' });
    expect(byPhone.get(withoutLine.phoneNumber)).toMatchObject({ agent_id: 1, line_id: withoutLine.phoneNumber });
  });

  it('§3 accepts every bank of the list by short or numeric code and stores the canonical code and name', async () => {
    for (const [index, bank] of BANKS.entries()) {
      const body = payload({
        bankCode: index % 2 === 0 ? bank.code : bank.numericCode,
        bankName: 'whatever',
        bankNumber: uniqueBankNumber(bank.accountDigits),
      });
      const response = await register(body);
      expect(response.statusCode, bank.code).toBe(200);
      const row = await t.database.db
        .selectFrom('players')
        .select(['bank_code', 'bank_name'])
        .where('phone_number', '=', body.phoneNumber)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ bank_code: bank.code, bank_name: bank.name });
    }
  });

  it('GSB, GHB and BAAC account numbers have 12 digits: stored whole; 10 digits there, or 12 at a 10-digit bank, are refused with the length the bank needs', async () => {
    for (const bankCode of ['GSB', 'GHB', 'BAAC']) {
      const body = payload({ bankCode, bankNumber: uniqueBankNumber(12) });
      expect((await register(body)).statusCode, bankCode).toBe(200);
      const row = await t.database.db
        .selectFrom('players')
        .select('bank_number')
        .where('phone_number', '=', body.phoneNumber)
        .executeTakeFirstOrThrow();
      expect(row.bank_number).toBe(body.bankNumber);
      const short = await register(payload({ bankCode, bankNumber: uniqueBankNumber(10) }));
      expect(short.statusCode).toBe(400);
      expect(short.json().data.fields).toEqual({ bankNumber: 'Bank number must be 12 digits.' });
    }
    const long = await register(payload({ bankCode: 'KBANK', bankNumber: '020123456789' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().data.fields).toEqual({ bankNumber: 'Bank number must be 10 digits.' });
    for (const bankNumber of ['02012345678', '0201234567890']) {
      const odd = await register(payload({ bankCode: 'GSB', bankNumber }));
      expect(odd.statusCode, bankNumber).toBe(400);
    }
  });

  it('§5 hashes the password with argon2id, never stores it in clear', async () => {
    const body = payload({ password: 'clear-text-secret' });
    await register(body);
    const row = await t.database.db
      .selectFrom('players')
      .select('password_hash')
      .where('phone_number', '=', body.phoneNumber)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('clear-text-secret');
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    [
      '§5 phone must have 10 digits (9 digits)',
      { phoneNumber: '081234567' },
      'phoneNumber',
      'Phone number must have 10 digits.',
    ],
    ['§5 phone must be numeric', { phoneNumber: '08123456ab' }, 'phoneNumber', 'Phone number must have 10 digits.'],
    ['§5 phone is required', { phoneNumber: '' }, 'phoneNumber', 'Please enter your phone number.'],
    [
      '§5 password at least 8 characters',
      { password: 'short7c' },
      'password',
      'Password must be at least 8 characters.',
    ],
    ['§5 password is required', { password: '' }, 'password', 'Please enter your password.'],
    ['§5 full name is required', { fullName: '   ' }, 'fullName', 'Please enter your full name.'],
    ['§5 bank number must be 10 digits', { bankNumber: '123456789' }, 'bankNumber', 'Bank number must be 10 digits.'],
    ['§5 bank number must be digits (invalid)', { bankNumber: '12345abcde' }, 'bankNumber', 'Bank number is invalid.'],
    ['§5 bank number is required', { bankNumber: '' }, 'bankNumber', 'Please enter your bank account number.'],
    [
      '§3 bank must be one of the 15 banks',
      { bankCode: 'XBANK' },
      'bankCode',
      'Please choose one of the listed banks.',
    ],
  ];
  for (const [name, overrides, field, message] of invalid) {
    it(`${name} → 400 with a clear message, nothing stored`, async () => {
      const body = payload(overrides);
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      const json = response.json();
      expect(json).toMatchObject({ success: false, status: 400, message, data: { errorCode: 'VALIDATION_ERROR' } });
      expect(json.data.fields[field]).toBe(message);
      const stored = await t.database.db
        .selectFrom('players')
        .select('id')
        .where('bank_number', '=', String(body.bankNumber))
        .execute();
      expect(stored).toHaveLength(0);
    });
  }

  it('§5 phone already in use → 409 PHONE_IN_USE with "phone number is already in use"', async () => {
    const first = payload();
    await register(first);
    const response = await register(payload({ phoneNumber: first.phoneNumber }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'PHONE_IN_USE' } });
    expect(response.json().message).toContain('phone number is already in use');
  });

  it('§5 bank account already in use → 409 BANK_ACCOUNT_IN_USE with "bank account is already in use"', async () => {
    const first = payload();
    await register(first);
    const response = await register(payload({ bankNumber: first.bankNumber, bankCode: '004' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'BANK_ACCOUNT_IN_USE' } });
    expect(response.json().message).toContain('bank account is already in use');
  });

  it('the same account number at another bank is a different account', async () => {
    const first = payload({ bankCode: 'KBANK' });
    await register(first);
    const response = await register(payload({ bankNumber: first.bankNumber, bankCode: 'SCB' }));
    expect(response.statusCode).toBe(200);
  });

  it('§5 errors come in the request language (Thai)', async () => {
    const first = payload();
    await register(first);
    const response = await register(payload({ phoneNumber: first.phoneNumber }), {
      'accept-language': 'th-TH,th;q=0.9',
    });
    expect(response.json().message).toBe('เบอร์โทรศัพท์นี้ถูกใช้งานแล้ว');
    const invalidPhone = await register(payload({ phoneNumber: '123' }), { 'accept-language': 'th' });
    expect(invalidPhone.json().message).toBe('เบอร์โทรศัพท์ต้องมี 10 หลัก');
  });

  it('concurrent registrations of one phone: exactly one succeeds, the other gets PHONE_IN_USE', async () => {
    const phoneNumber = uniquePhone();
    const responses = await Promise.all([register(payload({ phoneNumber })), register(payload({ phoneNumber }))]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().data.errorCode).toBe('PHONE_IN_USE');
  });
});
