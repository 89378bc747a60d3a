import { BANKS } from '@app/contracts/banks';
import { DEFAULT_PLAYER_LIMITS, SETTING_CODES } from '@app/contracts/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REWARDS, DEFAULT_SETTINGS } from '../../src/db/seed.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

describe('GET /setting and /setting/rewards (spec §3 setting, reward)', () => {
  it('§3 settings answer {success, data:[{code, value}]} with LINE_OA_URL and BANNER_URL seeded', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/setting' });
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json.success).toBe(true);
    const byCode = Object.fromEntries(json.data.map((s: { code: string; value: string }) => [s.code, s.value]));
    expect(byCode.LINE_OA_URL).toMatch(/^https:\/\//);
    expect(byCode.BANNER_URL).toBe('/images/banner/event-point.png');
    expect(byCode.DEPOSIT_MIN_AMOUNT).toBe('1');
    expect(byCode.WITHDRAW_MIN_AMOUNT).toBe('100');
  });

  it('the settings answer carries the money limits in force, as the server checks them (an unreadable value is its default)', async () => {
    const limitsNow = async () => (await t.app.inject({ method: 'GET', url: '/setting' })).json().limits;
    expect(await limitsNow()).toEqual(DEFAULT_PLAYER_LIMITS);
    const set = (code: string, value: string) =>
      t.database.db.updateTable('settings').set({ value }).where('code', '=', code).execute();
    try {
      await set(SETTING_CODES.withdrawMinAmount, '200');
      await set(SETTING_CODES.depositMinAmount, ' 20.50 ');
      await set(SETTING_CODES.withdrawMaxAmount, 'lots');
      await set(SETTING_CODES.withdrawDailyMaxAmount, '0');
      expect(await limitsNow()).toEqual({
        ...DEFAULT_PLAYER_LIMITS,
        withdrawMinSatang: 20_000,
        depositMinSatang: 2_050,
      });
    } finally {
      for (const setting of DEFAULT_SETTINGS) await set(setting.code, setting.value);
    }
  });

  it('§3 rewards answer {data:[{id, name, imageUrl}]}, each image served from /images/reward/{imageUrl}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/setting/rewards' });
    expect(response.statusCode).toBe(200);
    const rewards = response.json().data as { id: number; name: string; imageUrl: string }[];
    expect(rewards.map((r) => r.imageUrl)).toEqual(DEFAULT_REWARDS.map((r) => r.image_url));
    for (const reward of rewards) {
      const image = await t.app.inject({ method: 'GET', url: `/images/reward/${reward.imageUrl}` });
      expect(image.statusCode, reward.imageUrl).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('settings are seeded once: an operator change survives a second seeding', async () => {
    const { seedReferenceData } = await import('../../src/db/seed.ts');
    await t.database.db
      .updateTable('settings')
      .set({ value: 'https://line.me/R/ti/p/@changed' })
      .where('code', '=', 'LINE_OA_URL')
      .execute();
    await seedReferenceData(t.database.db);
    const json = (await t.app.inject({ method: 'GET', url: '/setting' })).json();
    expect(json.data.find((s: { code: string }) => s.code === 'LINE_OA_URL').value).toBe(
      'https://line.me/R/ti/p/@changed',
    );
    await t.database.db
      .updateTable('settings')
      .set({ value: 'https://line.me/R/ti/p/@siamplay' })
      .where('code', '=', 'LINE_OA_URL')
      .execute();
  });
});

describe('images (spec §2: bank logos, reward images, banner)', () => {
  it('serves /images/bank-png/{CODE}.png for all 15 banks as PNG with cache headers', async () => {
    for (const bank of BANKS) {
      const response = await t.app.inject({ method: 'GET', url: `/images/bank-png/${bank.code}.png` });
      expect(response.statusCode, bank.code).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('serves the banner named by BANNER_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/images/banner/event-point.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('an unknown image is a 404 and a path escaping the folder is refused', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/images/bank-png/NOPE.png' })).statusCode).toBe(404);
    const escaped = await t.app.inject({ method: 'GET', url: '/images/..%2f..%2fpackage.json' });
    expect(escaped.statusCode).toBeGreaterThanOrEqual(400);
    expect(escaped.statusCode).toBeLessThan(500);
  });
});
