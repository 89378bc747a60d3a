import { expect, test } from '@playwright/test';
import { fontsDrawing } from './support';

const SCREENSHOTS = 'test-results/screenshots';

/** The heading of the login screen and the web font that must have drawn it, per language. */
const LANGUAGES = [
  { code: 'th', heading: 'เข้าสู่ระบบ', font: 'Noto Sans Thai' },
  { code: 'cn', heading: '登录', font: 'Noto Sans SC' },
  { code: 'ls', heading: 'ເຂົ້າສູ່ລະບົບ', font: 'Noto Sans Lao' },
  { code: 'mm', heading: 'အကောင့်ဝင်ရန်', font: 'Noto Sans Myanmar' },
  { code: 'ko', heading: '로그인', font: 'Noto Sans KR' },
] as const;

for (const language of LANGUAGES) {
  test(`§1 ${language.code}: the login and register screens render with the bundled ${language.font} font and fit 320 px`, async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate((code) => localStorage.setItem('language', code), language.code);
    await page.reload();
    await expect(page.getByRole('heading', { name: language.heading })).toBeVisible();

    // Web fonts, not system fonts: a face of the language's family has been downloaded and used.
    await expect
      .poll(() =>
        page.evaluate(async (family) => {
          await document.fonts.ready;
          return [...document.fonts].some(
            (face) => face.family.replace(/"/g, '') === family && face.status === 'loaded',
          );
        }, language.font),
      )
      .toBe(true);
    // Drawn with it, not with a fallback's boxes: every glyph of the heading (700) and of the submit
    // button (600) comes from the language's face (Chromium's own account of the fonts it used).
    for (const selector of ['h1', 'button[type="submit"]']) {
      const fonts = await fontsDrawing(page, selector);
      expect(fonts.length, selector).toBeGreaterThan(0);
      for (const font of fonts) expect(`${selector}: ${font.familyName}`).toContain(`${selector}: ${language.font}`);
    }
    await page.screenshot({ path: `${SCREENSHOTS}/login-${language.code}-360x740.png` });

    await page.goto('/register');
    await expect(page.locator('form')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/register-${language.code}-360x740.png` });

    await page.setViewportSize({ width: 320, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
}
