import { REGISTER_AGENT_ID } from '@app/contracts/limits';
import { bahtToSatang } from '@app/contracts/money';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { assert } from '../lib/assert.ts';
import type { HouseAccounts } from '../modules/ledger/ledger.service.ts';
import { findPlayerIdByPhone, registerPlayer } from '../modules/player/player.service.ts';
import { applyManualAdjustment } from '../modules/wallet/wallet.service.ts';
import type { Db } from './database.ts';

/**
 * Working values for a fresh database. Settings, the deposit account and the
 * rewards are inserted only where missing, so an operator's later changes
 * survive restarts.
 */
export const DEFAULT_SETTINGS: readonly { code: string; value: string }[] = [
  { code: SETTING_CODES.lineOaUrl, value: 'https://line.me/R/ti/p/@siamplay' },
  { code: SETTING_CODES.bannerUrl, value: '/images/banner/event-point.png' },
  { code: SETTING_CODES.depositMinAmount, value: '1' },
  { code: SETTING_CODES.withdrawMinAmount, value: '100' },
  { code: SETTING_CODES.withdrawMaxAmount, value: '50000' },
];

export const DEFAULT_DEPOSIT_ACCOUNTS = [
  {
    bank_code: 'KBANK',
    bank_name: 'Kasikorn bank',
    bank_number: '0381234567',
    full_name: 'บจก. สยาม เพลย์ เอ็นเตอร์เทนเมนท์',
  },
];

export const DEFAULT_REWARDS = [
  { name: 'เครดิตฟรี 100 บาท', image_url: 'free-credit-100.png' },
  { name: 'เครดิตฟรี 500 บาท', image_url: 'free-credit-500.png' },
  { name: 'สร้อยคอทองคำ 1 สลึง', image_url: 'gold-necklace.png' },
  { name: 'สมาร์ทโฟน', image_url: 'smartphone.png' },
  { name: 'หูฟังไร้สาย', image_url: 'earbuds.png' },
  { name: 'เสื้อฟุตบอล', image_url: 'football-jersey.png' },
];

export const DEMO_PLAYER = {
  phoneNumber: '0812345678',
  password: 'demo1234',
  fullName: 'สมชาย ใจดี',
  bankCode: 'KBANK',
  bankNumber: '1234567890',
};

export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insertInto('settings')
    .values(DEFAULT_SETTINGS.map((s) => ({ code: s.code, value: s.value })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();

  const [depositAccounts, rewards] = await Promise.all([
    db.selectFrom('house_bank_accounts').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('rewards').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  if (Number(depositAccounts.n) === 0) {
    await db.insertInto('house_bank_accounts').values(DEFAULT_DEPOSIT_ACCOUNTS).execute();
  }
  if (Number(rewards.n) === 0) {
    await db
      .insertInto('rewards')
      .values(DEFAULT_REWARDS.map((reward, index) => ({ ...reward, sort_order: index })))
      .execute();
  }
}

/** A demo player with a little money and history, so the app has something to show. */
export async function seedDemoPlayer(db: Db, house: HouseAccounts): Promise<void> {
  if ((await findPlayerIdByPhone(db, DEMO_PLAYER.phoneNumber)) !== undefined) return;
  const playerId = await registerPlayer(db, { ...DEMO_PLAYER, agentId: REGISTER_AGENT_ID });
  const movements = [
    { direction: 'credit', baht: 1500 },
    { direction: 'credit', baht: 500.5 },
    { direction: 'debit', baht: 300 },
  ] as const;
  for (const movement of movements) {
    const amountSatang = bahtToSatang(movement.baht);
    assert(amountSatang !== undefined, 'demo amounts are whole satang');
    await db.transaction().execute((trx) =>
      applyManualAdjustment(trx, house, {
        playerId,
        direction: movement.direction,
        amountSatang,
        note: 'demo data',
      }),
    );
  }
}
