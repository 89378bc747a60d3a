import type { PromotionTexts } from '@app/contracts/loyalty';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { DEFAULT_REWARDS } from '../../db/seed.ts';

/**
 * The demo's commercial engine: two deposit promotions as a Thai
 * site runs them, and points prices for the seeded rewards. Demo mode only:
 * a real operator sets their own in the back office.
 */
const DEMO_PROMOTIONS: {
  kind: 'FIRST_DEPOSIT' | 'DAILY_FIRST_DEPOSIT';
  percent: number;
  cap_satang: number;
  min_deposit_satang: number;
  turnover_multiplier: number;
  turnover_base: 'DEPOSIT_AND_BONUS' | 'BONUS';
  claim_limit: 'ONCE' | 'DAILY';
  texts: PromotionTexts;
}[] = [
  {
    kind: 'FIRST_DEPOSIT',
    percent: 50,
    cap_satang: 50_000,
    min_deposit_satang: 10_000,
    turnover_multiplier: 3,
    turnover_base: 'DEPOSIT_AND_BONUS',
    claim_limit: 'ONCE',
    texts: {
      th: {
        title: 'สมาชิกใหม่ ฝากแรกรับโบนัส 50%',
        terms:
          'ฝากครั้งแรกขั้นต่ำ 100 บาท รับโบนัส 50% สูงสุด 500 บาท ทำเทิร์นโอเวอร์ 3 เท่าของยอดฝากรวมโบนัสก่อนถอน นับทุกเกม 100% รับได้ครั้งเดียวต่อสมาชิก',
      },
      en: {
        title: 'Welcome: 50% bonus on your first deposit',
        terms:
          'First deposit of at least 100 baht: a 50% bonus, up to 500 baht. Bet 3 times the deposit plus the bonus before withdrawing; every game counts 100%. Once per member.',
      },
      cn: {
        title: '新会员首存奖金 50%',
        terms:
          '首次存款至少 100 泰铢，获得 50% 奖金，最高 500 泰铢。提款前需完成存款加奖金 3 倍的流水，所有游戏 100% 计算。每位会员限一次。',
      },
      ko: {
        title: '신규 회원 첫 입금 50% 보너스',
        terms:
          '첫 입금 100바트 이상 시 50% 보너스, 최대 500바트. 출금 전 입금액과 보너스 합계의 3배를 베팅해야 합니다. 모든 게임 100% 인정. 회원당 1회.',
      },
      mm: {
        title: 'အသင်းဝင်သစ် ပထမအပ်ငွေ ဘောနပ်စ် 50%',
        terms:
          'ပထမအကြိမ် အနည်းဆုံး 100 ဘတ် အပ်ပါက 50% ဘောနပ်စ်၊ အများဆုံး 500 ဘတ်။ ငွေမထုတ်မီ အပ်ငွေနှင့် ဘောနပ်စ်ပေါင်း၏ 3 ဆ လောင်းရပါမည်။ ဂိမ်းအားလုံး 100% တွက်သည်။ တစ်ဦးလျှင် တစ်ကြိမ်။',
      },
      ls: {
        title: 'ສະມາຊິກໃໝ່ ຝາກທຳອິດຮັບໂບນັດ 50%',
        terms:
          'ຝາກຄັ້ງທຳອິດຢ່າງໜ້ອຍ 100 ບາດ ຮັບໂບນັດ 50% ສູງສຸດ 500 ບາດ. ຕ້ອງມີຍອດເດີມພັນ 3 ເທົ່າຂອງຍອດຝາກລວມໂບນັດກ່ອນຖອນ. ທຸກເກມນັບ 100%. ໄດ້ຄັ້ງດຽວຕໍ່ສະມາຊິກ.',
      },
    },
  },
  {
    kind: 'DAILY_FIRST_DEPOSIT',
    percent: 10,
    cap_satang: 30_000,
    min_deposit_satang: 30_000,
    turnover_multiplier: 5,
    turnover_base: 'BONUS',
    claim_limit: 'DAILY',
    texts: {
      th: {
        title: 'ฝากแรกของวัน รับเพิ่ม 10%',
        terms: 'ฝากครั้งแรกของวันขั้นต่ำ 300 บาท รับโบนัส 10% สูงสุด 300 บาท ทำเทิร์นโอเวอร์ 5 เท่าของโบนัสก่อนถอน รับได้วันละครั้ง',
      },
      en: {
        title: 'First deposit of the day: 10% extra',
        terms:
          'The day’s first deposit of at least 300 baht: a 10% bonus, up to 300 baht. Bet 5 times the bonus before withdrawing. Once a day.',
      },
      cn: {
        title: '每日首存加赠 10%',
        terms: '每日首次存款至少 300 泰铢，获得 10% 奖金，最高 300 泰铢。提款前需完成奖金 5 倍的流水。每日一次。',
      },
      ko: {
        title: '오늘의 첫 입금 10% 추가',
        terms:
          '하루 첫 입금 300바트 이상 시 10% 보너스, 최대 300바트. 출금 전 보너스의 5배를 베팅해야 합니다. 하루 1회.',
      },
      mm: {
        title: 'ယနေ့ ပထမအပ်ငွေ 10% ပို',
        terms:
          'ယနေ့ ပထမအကြိမ် အနည်းဆုံး 300 ဘတ် အပ်ပါက 10% ဘောနပ်စ်၊ အများဆုံး 300 ဘတ်။ ငွေမထုတ်မီ ဘောနပ်စ်၏ 5 ဆ လောင်းရပါမည်။ တစ်ရက်လျှင် တစ်ကြိမ်။',
      },
      ls: {
        title: 'ຝາກທຳອິດຂອງມື້ ຮັບເພີ່ມ 10%',
        terms: 'ຝາກຄັ້ງທຳອິດຂອງມື້ຢ່າງໜ້ອຍ 300 ບາດ ຮັບໂບນັດ 10% ສູງສຸດ 300 ບາດ. ຕ້ອງມີຍອດເດີມພັນ 5 ເທົ່າຂອງໂບນັດກ່ອນຖອນ. ມື້ລະຄັ້ງ.',
      },
    },
  },
];

/** Points prices of the seeded rewards, by image: two credits, four items with stock. */
const DEMO_REWARD_PRICES: Record<
  string,
  {
    kind: 'credit' | 'item';
    price_points: number;
    credit_satang?: number;
    turnover_multiplier?: number;
    stock?: number;
    daily_limit?: number;
  }
> = {
  'free-credit-100.png': {
    kind: 'credit',
    price_points: 100,
    credit_satang: 10_000,
    turnover_multiplier: 1,
    daily_limit: 1,
  },
  'free-credit-500.png': {
    kind: 'credit',
    price_points: 450,
    credit_satang: 50_000,
    turnover_multiplier: 1,
    daily_limit: 1,
  },
  'gold-necklace.png': { kind: 'item', price_points: 15_000, stock: 5 },
  'smartphone.png': { kind: 'item', price_points: 25_000, stock: 3 },
  'earbuds.png': { kind: 'item', price_points: 2_000, stock: 20 },
  'football-jersey.png': { kind: 'item', price_points: 800, stock: 50 },
};

/**
 * The demo's cashback, as a Thai member site runs it: 5 % of yesterday's net
 * loss back every day at 00:30, at least 10 baht, at most 5,000, with a
 * turnover of once the cashback; and 0.5 % of the week's deposits net of
 * withdrawals every Monday, with no turnover.
 */
const DEMO_CASHBACK = [
  {
    names: {
      th: 'คืนยอดเสียรายวัน 5%',
      en: 'Daily cashback 5%',
      cn: '每日返水 5%',
      ls: 'ເງິນຄືນລາຍວັນ 5%',
      mm: 'နေ့စဉ် ငွေပြန်အမ်း 5%',
      ko: '일일 캐시백 5%',
    },
    period: 'DAY' as const,
    base: 'NET_LOSS' as const,
    rate_bp: 500,
    min_satang: 1_000,
    max_satang: 500_000,
    turnover_multiplier: 1,
  },
  {
    names: {
      th: 'คืนยอดฝากรายสัปดาห์ 0.5%',
      en: 'Weekly deposit cashback 0.5%',
      cn: '每周存款返水 0.5%',
      ls: 'ເງິນຄືນຍອດຝາກລາຍອາທິດ 0.5%',
      mm: 'အပတ်စဉ် ငွေသွင်း ပြန်အမ်း 0.5%',
      ko: '주간 입금 캐시백 0.5%',
    },
    period: 'WEEK' as const,
    base: 'NET_DEPOSIT' as const,
    rate_bp: 50,
    min_satang: 1_000,
    max_satang: null,
    turnover_multiplier: 0,
  },
];

/**
 * The demo's VIP ladder: Bronze from the first bet (no rakeback), then
 * Silver, Gold, Platinum and Diamond by lifetime turnover, each with a
 * rakeback and a level-up reward.
 */
const DEMO_RANKS = [
  { en: 'Bronze', th: 'บรอนซ์', cn: '青铜', ls: 'ທອງແດງ', mm: 'ကြေးနီ', ko: '브론즈', turnover: 0, bp: 0, reward: 0 },
  {
    en: 'Silver',
    th: 'ซิลเวอร์',
    cn: '白银',
    ls: 'ເງິນ',
    mm: 'ငွေ',
    ko: '실버',
    turnover: 1_000_000,
    bp: 20,
    reward: 5_000,
  },
  { en: 'Gold', th: 'โกลด์', cn: '黄金', ls: 'ຄຳ', mm: 'ရွှေ', ko: '골드', turnover: 5_000_000, bp: 30, reward: 20_000 },
  {
    en: 'Platinum',
    th: 'แพลทินัม',
    cn: '铂金',
    ls: 'ແພລທິນຳ',
    mm: 'ပလက်တီနမ်',
    ko: '플래티넘',
    turnover: 20_000_000,
    bp: 50,
    reward: 100_000,
  },
  {
    en: 'Diamond',
    th: 'ไดมอนด์',
    cn: '钻石',
    ls: 'ເພັດ',
    mm: 'စိန်',
    ko: '다이아몬드',
    turnover: 100_000_000,
    bp: 80,
    reward: 500_000,
  },
];

export async function seedDemoLoyalty(db: Db): Promise<void> {
  const ranks = await db.selectFrom('vip_ranks').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(ranks.n) === 0) {
    await db
      .insertInto('vip_ranks')
      .values(
        DEMO_RANKS.map(({ turnover, bp, reward, ...names }) => ({
          names: JSON.stringify(names),
          turnover_satang: turnover,
          rakeback_bp: bp,
          level_up_satang: reward,
        })),
      )
      .execute();
  }
  const schedules = await db
    .selectFrom('cashback_schedules')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(schedules.n) === 0) {
    await db
      .insertInto('cashback_schedules')
      .values(DEMO_CASHBACK.map((schedule) => ({ ...schedule, names: JSON.stringify(schedule.names) })))
      .execute();
  }
  const promotions = await db.selectFrom('promotions').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(promotions.n) === 0) {
    await db
      .insertInto('promotions')
      .values(DEMO_PROMOTIONS.map((p, index) => ({ ...p, texts: JSON.stringify(p.texts), sort_order: index })))
      .execute();
  }
  // Only a seeded reward still as the migration left it (a free item) gets its demo price.
  for (const reward of DEFAULT_REWARDS) {
    const price = DEMO_REWARD_PRICES[reward.image_url];
    if (!price) continue;
    await db
      .updateTable('rewards')
      .set(price)
      .where('image_url', '=', reward.image_url)
      .where('kind', '=', 'item')
      .where('price_points', '=', 0)
      .where('stock', 'is', null)
      .execute();
  }
}
