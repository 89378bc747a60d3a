import { DEFAULT_BANNER_URL, LOYALTY_SETTING_DEFAULTS, SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { RewardNames } from './schema.ts';

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
  // Loyalty: 1 point per 100 baht deposited and per 1,000 baht bet, kept a year.
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

/** The seeded rewards: the Thai name (`name`) and its translations into the other languages players read. */
export const DEFAULT_REWARDS: readonly { name: string; image_url: string; names: RewardNames }[] = [
  {
    name: 'เครดิตฟรี 100 บาท',
    image_url: 'free-credit-100.png',
    names: {
      en: '100 baht free credit',
      cn: '100 泰铢免费额度',
      ls: 'ເຄຣດິດຟຣີ 100 ບາດ',
      mm: 'အခမဲ့ ခရက်ဒစ် ၁၀၀ ဘတ်',
      ko: '무료 크레딧 100바트',
    },
  },
  {
    name: 'เครดิตฟรี 500 บาท',
    image_url: 'free-credit-500.png',
    names: {
      en: '500 baht free credit',
      cn: '500 泰铢免费额度',
      ls: 'ເຄຣດິດຟຣີ 500 ບາດ',
      mm: 'အခမဲ့ ခရက်ဒစ် ၅၀၀ ဘတ်',
      ko: '무료 크레딧 500바트',
    },
  },
  {
    name: 'สร้อยคอทองคำ 1 สลึง',
    image_url: 'gold-necklace.png',
    names: {
      en: 'Gold necklace, 1 salung (3.8 g)',
      cn: '金项链 1 沙冷（3.8 克）',
      ls: 'ສາຍຄໍຄຳ 1 ສະຫຼຶງ (3.8 ກຣາມ)',
      mm: 'ရွှေဆွဲကြိုး (၃.၈ ဂရမ်)',
      ko: '금목걸이 1살릉(3.8g)',
    },
  },
  {
    name: 'สมาร์ทโฟน',
    image_url: 'smartphone.png',
    names: { en: 'Smartphone', cn: '智能手机', ls: 'ສະມາດໂຟນ', mm: 'စမတ်ဖုန်း', ko: '스마트폰' },
  },
  {
    name: 'หูฟังไร้สาย',
    image_url: 'earbuds.png',
    names: { en: 'Wireless earbuds', cn: '无线耳机', ls: 'ຫູຟັງໄຮ້ສາຍ', mm: 'ကြိုးမဲ့ နားကြပ်', ko: '무선 이어폰' },
  },
  {
    name: 'เสื้อฟุตบอล',
    image_url: 'football-jersey.png',
    names: { en: 'Football jersey', cn: '足球球衣', ls: 'ເສື້ອບານເຕະ', mm: 'ဘောလုံး ဂျာစီ', ko: '축구 유니폼' },
  },
];

/**
 * Inserts what a fresh database lacks. Everything is read first and written
 * only where missing, so an instance starting on a database that has it all
 * writes nothing and takes no lock beyond a read's (a start must not wait on
 * a database that cannot take writes yet).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const present = new Set(
    (
      await db
        .selectFrom('settings')
        .select('code')
        .where(
          'code',
          'in',
          DEFAULT_SETTINGS.map((s) => s.code),
        )
        .execute()
    ).map((row) => row.code),
  );
  const missing = DEFAULT_SETTINGS.filter((s) => !present.has(s.code));
  if (missing.length > 0) {
    await db
      .insertInto('settings')
      .values(missing.map((s) => ({ code: s.code, value: s.value, is_public: s.isPublic ?? true })))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }

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
      .values(
        DEFAULT_REWARDS.map((reward, index) => ({ ...reward, names: JSON.stringify(reward.names), sort_order: index })),
      )
      .execute();
  }
  await nameSeededRewards(db);
}

/**
 * A seeded reward from before names in other languages existed gets the
 * seeded translations: only one still under its seeded Thai name and image
 * with no other name given, so an operator's names are never replaced.
 */
async function nameSeededRewards(db: Db): Promise<void> {
  const unnamed = await db
    .selectFrom('rewards')
    .select(['id', 'name', 'image_url'])
    .where(sql<boolean>`names = '{}'::jsonb`)
    .execute();
  for (const row of unnamed) {
    const reward = DEFAULT_REWARDS.find((r) => r.name === row.name && r.image_url === row.image_url);
    if (!reward) continue;
    await db
      .updateTable('rewards')
      .set({ names: JSON.stringify(reward.names) })
      .where('id', '=', row.id)
      .where(sql<boolean>`names = '{}'::jsonb`)
      .execute();
  }
}
