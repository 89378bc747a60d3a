import { DEFAULT_BANNER_URL, LOYALTY_SETTING_DEFAULTS, SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Working values for a fresh database. Settings, the deposit account and the
 * rewards are inserted only where missing, so an operator's later changes
 * survive restarts.
 */
export const DEFAULT_SETTINGS: readonly { code: string; value: string; isPublic?: boolean }[] = [
  { code: SETTING_CODES.lineOaUrl, value: 'https://line.me/R/ti/p/@siamplay' },
  { code: SETTING_CODES.bannerUrl, value: DEFAULT_BANNER_URL },
  { code: SETTING_CODES.depositMinAmount, value: '1' },
  { code: SETTING_CODES.withdrawMinAmount, value: '100' },
  { code: SETTING_CODES.withdrawMaxAmount, value: '50000' },
  { code: SETTING_CODES.withdrawDailyMaxAmount, value: '200000' },
  // An internal control: operators see it in the back office, players never need it.
  { code: SETTING_CODES.manualCreditApprovalAbove, value: '20000', isPublic: false },
  // Loyalty (issue 19): 1 point per 100 baht deposited and per 1,000 baht bet, kept a year.
  { code: SETTING_CODES.pointsDepositBahtPerPoint, value: String(LOYALTY_SETTING_DEFAULTS.depositBahtPerPoint) },
  { code: SETTING_CODES.pointsTurnoverBahtPerPoint, value: String(LOYALTY_SETTING_DEFAULTS.turnoverBahtPerPoint) },
  { code: SETTING_CODES.pointsExpiryDays, value: String(LOYALTY_SETTING_DEFAULTS.expiryDays) },
  { code: SETTING_CODES.promotionBalanceFloor, value: '5' },
];

export const DEFAULT_DEPOSIT_ACCOUNTS = [
  {
    bank_code: 'KBANK',
    bank_name: 'Kasikorn bank',
    bank_number: '0381234567',
    full_name: 'บจก. สยาม เพลย์ เอ็นเตอร์เทนเมนท์',
    // A company's PromptPay ID is its 13-digit tax ID.
    promptpay_id: '0105561234567',
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

export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insertInto('settings')
    .values(DEFAULT_SETTINGS.map((s) => ({ code: s.code, value: s.value, is_public: s.isPublic ?? true })))
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
