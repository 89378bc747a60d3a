/**
 * Debian's Chromium, as the browser tests and `npm run lighthouse` start it (a
 * test tool's own browser download does not work on our machines). Without the
 * background-networking flags Chromium keeps trying hosts this machine cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Playwright's own `--disable-features` (playwright-core 1.65's chromiumSwitches). Chromium takes the last
 * `--disable-features` it is given, so a list of ours replaces Playwright's unless it repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popup pages: Chromium 156 loads them in a renderer of their own beside every browser,
 * headless too, where there is no address bar to show them (issue 23, eleventh session: about 6 % of the
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
 * Chromium as Playwright starts it for the browser suites. Not for Lighthouse: its launcher gives a
 * `--disable-features` list of its own, which this one would replace.
 */
export const PLAYWRIGHT_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];
