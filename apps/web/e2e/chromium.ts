import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Debian's Chromium, as the browser tests and `npm run lighthouse` start it (a
 * test tool's own browser download does not work on our machines). Without the
 * background-networking flags Chromium keeps trying hosts this machine cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright's own `--disable-features` (its chromiumSwitches), read from the Playwright this checkout runs:
 * Chromium takes the last `--disable-features` it is given, so a list of ours must repeat Playwright's, or
 * it would replace them. Undefined when that Playwright keeps the list elsewhere.
 */
function playwrightDisabledFeatures(): string[] | undefined {
  try {
    const fromTest = createRequire(createRequire(import.meta.url).resolve('@playwright/test'));
    const core = dirname(createRequire(fromTest.resolve('playwright')).resolve('playwright-core/package.json'));
    const bundle = readFileSync(join(core, 'lib', 'coreBundle.js'), 'utf8');
    const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1]?.replace(/\/\/[^\n]*/g, '');
    const names = [...(list ?? '').matchAll(/"(\w+)"/g)].map((match) => match[1] as string);
    return names.length > 0 ? names : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The address bar's popup pages: Chromium 156 loads them in a renderer of their own beside every browser,
 * headless too, where there is no address bar to show them (about 6 % of the
 * back office's browser suite's CPU).
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium as Playwright starts it for the browser suites: our flags, and Playwright's `--disable-features`
 * repeated with the popup pages added. Not for Lighthouse: its launcher gives a `--disable-features` list of
 * its own, which this one would replace. Without Playwright's list to repeat, our flags alone. A function, so
 * that only the suites read Playwright's bundle (`npm run lighthouse` imports this file too).
 */
export function playwrightChromiumFlags(): string[] {
  const playwrights = playwrightDisabledFeatures();
  if (!playwrights) {
    console.warn(
      "chromium.ts: Playwright's --disable-features not found; the browser suites keep Playwright's list only.",
    );
    return CHROMIUM_FLAGS;
  }
  return [...CHROMIUM_FLAGS, `--disable-features=${[...playwrights, ...OMNIBOX_POPUP_FEATURES].join(',')}`];
}
