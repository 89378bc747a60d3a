import { ADMIN_PATHS } from '@app/contracts/paths';
import { RISK_RULES_DEFAULT } from '@app/contracts/payouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

const CHANGED_AT = '2026-11-22T07:05:00Z';

const settingsList = [
  { code: 'BANNER_URL', value: '/images/banner/event-point.png', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'DEPOSIT_MIN_AMOUNT', value: '1', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'LINE_OA_URL', value: 'https://line.me/R/ti/p/@siamplay', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'WITHDRAW_DAILY_MAX_AMOUNT', value: '200000', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'WITHDRAW_MAX_AMOUNT', value: '50000', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'WITHDRAW_MIN_AMOUNT', value: '100', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'POINTS_DEPOSIT_BAHT_PER_POINT', value: '100', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'POINTS_TURNOVER_BAHT_PER_POINT', value: '1000', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'POINTS_EXPIRY_DAYS', value: '365', isPublic: true, updatedAt: CHANGED_AT },
  { code: 'PROMOTION_BALANCE_FLOOR', value: '5', isPublic: true, updatedAt: CHANGED_AT },
];

const houseAccount = {
  id: 3,
  bankCode: 'KBANK',
  bankName: 'Kasikorn bank',
  bankNumber: '0381234567',
  fullName: 'SIAM PLAY CO LTD',
  promptpayId: '0812345678',
  active: true,
  sortOrder: 0,
};

const reward = {
  id: 5,
  name: 'Wireless earbuds',
  names: { en: 'Wireless earbuds', cn: '无线耳机' },
  imageUrl: 'earbuds.png',
  active: true,
  sortOrder: 1,
};
const barred = {
  id: 9,
  kind: 'PHONE',
  value: '081-234-5678',
  normalised: '0812345678',
  note: 'chargeback fraud',
  createdBy: 'demo-admin',
  createdAt: CHANGED_AT,
};
const UPLOADED = `${'ab12'.repeat(16)}.png`;

const ok = <T,>(data: T) => ({ body: { success: true, data } });

async function openSettings(routes: Routes = {}) {
  const fetchMock = mockApi({
    [`GET ${ADMIN_PATHS.settings}`]: ok(settingsList),
    [`GET ${ADMIN_PATHS.houseAccounts}`]: ok([houseAccount]),
    [`GET ${ADMIN_PATHS.rewards}`]: ok([reward]),
    [`GET ${ADMIN_PATHS.blacklist}`]: ok({ items: [barred], total: 1, page: 1, limit: 20 }),
    ...routes,
  });
  signInAs('admin');
  renderApp('/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await screen.findByLabelText('LINE contact URL');
  return fetchMock;
}

function settingCard(label: string): HTMLElement {
  const card = screen.getByLabelText(label).closest('li');
  if (!card) throw new Error(`no card for ${label}`);
  return card;
}

function saveSetting(label: string, value: string) {
  const card = settingCard(label);
  fireEvent.change(within(card).getByLabelText(label), { target: { value } });
  fireEvent.click(within(card).getByRole('button', { name: `Save ${label}` }));
  return card;
}

/** The FormData a call was sent with: the mock's Request cannot read the test DOM's FormData, the call's own init can. */
function sentForm(fetchMock: ReturnType<typeof mockApi>, path: string): FormData | undefined {
  const call = fetchMock.mock.calls.find(([input]) => new URL(String(input), 'http://localhost').pathname === path);
  const body = call?.[1]?.body;
  return body instanceof FormData ? body : undefined;
}

describe('deliverable 6: settings are for admins only', () => {
  it('an operator opening /settings sees that it is for admins, and no setting is asked for', async () => {
    const fetchMock = mockApi();
    signInAs('operator');
    renderApp('/settings');
    expect(await screen.findByText('This screen is for admins.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.settings}`)).toHaveLength(0);
  });
});

describe('deliverable 6: settings values (LINE contact, banner, deposit and withdrawal limits)', () => {
  it('each value has its own label, its current value and when it last changed', async () => {
    await openSettings();
    expect(screen.getByLabelText('LINE contact URL')).toHaveValue('https://line.me/R/ti/p/@siamplay');
    expect(screen.getByLabelText('LINE contact URL')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Banner image')).toHaveValue('/images/banner/event-point.png');
    expect(screen.getByLabelText('Minimum deposit (baht)')).toHaveValue('1');
    expect(screen.getByLabelText('Minimum deposit (baht)')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Minimum withdrawal (baht)')).toHaveValue('100');
    expect(screen.getByLabelText('Maximum withdrawal (baht)')).toHaveValue('50000');
    expect(settingCard('Maximum withdrawal (baht)')).toHaveTextContent('Now ฿50,000.00.');
    expect(screen.getByLabelText('Withdrawals per player per day (baht)')).toHaveValue('200000');
    expect(settingCard('Withdrawals per player per day (baht)')).toHaveTextContent('Now ฿200,000.00.');
    expect(settingCard('LINE contact URL')).toHaveTextContent('Last changed 22 Nov 2026, 14:05:00');
  });

  it('the LINE contact must be an https address before anything is sent; a good one is PUT and shown saved', async () => {
    const fetchMock = await openSettings({
      [`PUT ${ADMIN_PATHS.setting}`]: async (request: Request) => {
        const { value } = (await request.json()) as { value: string };
        return ok(settingsList.map((s) => (s.code === 'LINE_OA_URL' ? { ...s, value } : s)));
      },
    });
    const card = saveSetting('LINE contact URL', 'http://line.me/R/ti/p/@plain');
    expect(await within(card).findByText('Enter an address that starts with https://.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.setting}`)).toHaveLength(0);

    saveSetting('LINE contact URL', '  https://line.me/R/ti/p/@changed  ');
    expect(await within(card).findByText('Saved.')).toBeInTheDocument();
    const [put] = requestsTo(fetchMock, `PUT ${ADMIN_PATHS.setting}`);
    expect(new URL(put?.url ?? '').pathname).toBe('/admin/settings/LINE_OA_URL');
    expect(await put?.json()).toEqual({ value: 'https://line.me/R/ti/p/@changed' });
  });

  it('withdrawal limits cannot cross and amounts take at most 2 decimals: refused before sending', async () => {
    const fetchMock = await openSettings();
    const min = saveSetting('Minimum withdrawal (baht)', '50000');
    expect(
      await within(min).findByText('The minimum withdrawal must be below the maximum withdrawal.'),
    ).toBeInTheDocument();
    const max = saveSetting('Maximum withdrawal (baht)', '100');
    expect(
      await within(max).findByText('The maximum withdrawal must be above the minimum withdrawal.'),
    ).toBeInTheDocument();
    const deposit = saveSetting('Minimum deposit (baht)', '1.005');
    expect(await within(deposit).findByText('Enter an amount above 0 with at most 2 decimals.')).toBeInTheDocument();
    saveSetting('Minimum deposit (baht)', '0');
    expect(await within(deposit).findByText('Enter an amount above 0 with at most 2 decimals.')).toBeInTheDocument();
    const banner = saveSetting('Banner image', '/etc/passwd');
    expect(await within(banner).findByText(/Enter an https address, or an image path/)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.setting}`)).toHaveLength(0);
  });

  it('the points rates and expiry take whole numbers (0 turns one off), the floor an amount of 0 or more', async () => {
    const fetchMock = await openSettings({
      [`PUT ${ADMIN_PATHS.setting}`]: async (request: Request) => {
        const { value } = (await request.json()) as { value: string };
        return ok(settingsList.map((s) => (s.code === 'PROMOTION_BALANCE_FLOOR' ? { ...s, value } : s)));
      },
    });
    expect(settingCard('Baht deposited per point')).toHaveTextContent('Now 100.');
    const rate = saveSetting('Baht deposited per point', '1.5');
    expect(await within(rate).findByText('Enter a whole number from 0 to 100,000.')).toBeInTheDocument();
    const days = saveSetting('Days points last', '-1');
    expect(await within(days).findByText('Enter a whole number from 0 to 100,000.')).toBeInTheDocument();
    const floor = saveSetting('Promotion balance floor (baht)', '5.555');
    expect(
      await within(floor).findByText('Enter an amount of 0 or more, at most 2 decimals, up to 1,000,000.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.setting}`)).toHaveLength(0);
    saveSetting('Promotion balance floor (baht)', '0');
    expect(await within(floor).findByText('Saved.')).toBeInTheDocument();
    const [put] = requestsTo(fetchMock, `PUT ${ADMIN_PATHS.setting}`);
    expect(new URL(put?.url ?? '').pathname).toBe('/admin/settings/PROMOTION_BALANCE_FLOOR');
    expect(await put?.json()).toEqual({ value: '0' });
  });

  it('the server’s refusal is shown in its own words beside the value', async () => {
    await openSettings({
      [`PUT ${ADMIN_PATHS.setting}`]: {
        status: 400,
        body: errorBody(400, 'This value is not valid for the setting.', 'SETTING_INVALID'),
      },
    });
    const card = saveSetting('Minimum withdrawal (baht)', '200');
    expect(await within(card).findByRole('alert')).toHaveTextContent('This value is not valid for the setting.');
  });
});

describe('deliverable 6: house bank accounts with PromptPay ID', () => {
  it('lists each account with its bank, number, holder, PromptPay ID, whether players see it and its order', async () => {
    await openSettings();
    const row = await screen.findByTestId('house-account-row');
    expect(row).toHaveTextContent('Kasikorn bank');
    expect(row).toHaveTextContent('0381234567');
    expect(row).toHaveTextContent('SIAM PLAY CO LTD');
    expect(row).toHaveTextContent('0812345678');
    expect(row).toHaveTextContent('Shown');
  });

  it('adding one checks the contract’s rules first, then POSTs the bank from the list, a PromptPay ID or none', async () => {
    let added = false;
    const fetchMock = await openSettings({
      [`GET ${ADMIN_PATHS.houseAccounts}`]: () =>
        ok(added ? [houseAccount, { ...houseAccount, id: 4 }] : [houseAccount]),
      [`POST ${ADMIN_PATHS.houseAccounts}`]: async (request: Request) => {
        added = true;
        return ok({ id: 4, bankName: 'Siam Commercial Bank', ...((await request.json()) as object) });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New house account' });
    fireEvent.change(within(dialog).getByLabelText('PromptPay ID (optional)'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Bank number is invalid.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your full name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Some details are not valid. Please check and try again.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.houseAccounts}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Bank'), { target: { value: 'SCB' } });
    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '1234567890' } });
    fireEvent.change(within(dialog).getByLabelText('Account name'), { target: { value: ' Siam Play Two ' } });
    fireEvent.change(within(dialog).getByLabelText('PromptPay ID (optional)'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Order'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Shown to players'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.houseAccounts}`);
    expect(await post?.json()).toEqual({
      bankCode: 'SCB',
      bankNumber: '1234567890',
      fullName: 'Siam Play Two',
      promptpayId: null,
      active: false,
      sortOrder: 2,
    });
    await waitFor(() => expect(screen.getAllByTestId('house-account-row')).toHaveLength(2));
  });

  it('editing PATCHes only what changed; nothing changed sends nothing; a refusal is shown in the server’s words', async () => {
    let attempts = 0;
    const fetchMock = await openSettings({
      [`PATCH ${ADMIN_PATHS.houseAccount}`]: () => {
        attempts += 1;
        return attempts === 1
          ? { status: 409, body: errorBody(409, 'This house account already exists.', 'HOUSE_ACCOUNT_EXISTS') }
          : ok({ ...houseAccount, promptpayId: null });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit 0381234567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit account 0381234567' });
    expect(within(dialog).getByLabelText('Bank')).toHaveValue('KBANK');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Nothing changed.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.houseAccount}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '0387654321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This house account already exists.');

    fireEvent.change(within(dialog).getByLabelText('Account number'), { target: { value: '0381234567' } });
    fireEvent.change(within(dialog).getByLabelText('PromptPay ID (optional)'), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const patches = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.houseAccount}`);
    expect(new URL(patches[0]?.url ?? '').pathname).toBe('/admin/house-accounts/3');
    expect(await patches[0]?.json()).toEqual({ bankNumber: '0387654321' });
    expect(await patches[1]?.json()).toEqual({ promptpayId: null });
  });
});

describe('deliverable 6: rewards with image upload', () => {
  it('lists each reward with its image at /images/reward/<name>', async () => {
    await openSettings();
    const row = await screen.findByTestId('reward-row');
    expect(row).toHaveTextContent('Wireless earbuds');
    expect(row.querySelector('img')).toHaveAttribute('src', '/images/reward/earbuds.png');
  });

  it('the chosen image is uploaded first (multipart `image`), fills in the file name with a preview, then the reward is created with it', async () => {
    const fetchMock = await openSettings({
      [`POST ${ADMIN_PATHS.rewardImage}`]: ok({ imageUrl: UPLOADED }),
      [`POST ${ADMIN_PATHS.rewards}`]: async (request: Request) => ok({ id: 6, ...((await request.json()) as object) }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reward' });
    expect(within(dialog).getByText('No image yet.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name in Thai (ไทย)'), { target: { value: 'สร้อยคอทองคำ' } });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Gold necklace' } });
    fireEvent.change(within(dialog).getByLabelText('Name (မြန်မာ)'), { target: { value: 'ရွှေဆွဲကြိုး' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'necklace.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Upload an image'), { target: { files: [file] } });

    expect(await within(dialog).findByText('Image uploaded.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image file name')).toHaveValue(UPLOADED);
    expect(within(dialog).getByRole('img', { name: 'Preview of the reward image' })).toHaveAttribute(
      'src',
      `/images/reward/${UPLOADED}`,
    );
    expect(sentForm(fetchMock, ADMIN_PATHS.rewardImage)?.get('image')).toBe(file);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.rewards}`);
    // The loyalty fields go with their defaults: an item for 0 points, unlimited.
    // Thai is the name; the other languages given go in `names`, a blank one is left out (it falls back).
    expect(await post?.json()).toEqual({
      name: 'สร้อยคอทองคำ',
      names: { en: 'Gold necklace', mm: 'ရွှေဆွဲကြိုး' },
      imageUrl: UPLOADED,
      active: true,
      sortOrder: 0,
      kind: 'item',
      pricePoints: 0,
      creditSatang: null,
      turnoverMultiplier: 0,
      promotionId: null,
      stock: null,
      dailyLimit: null,
    });
  });

  it('a reward needs an image file name the contract accepts; nothing is sent without one', async () => {
    const fetchMock = await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reward' });
    fireEvent.change(within(dialog).getByLabelText('Name in Thai (ไทย)'), { target: { value: 'Gold necklace' } });
    fireEvent.change(within(dialog).getByLabelText('Image file name'), { target: { value: '../secret.svg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The image must be a JPG or PNG.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.rewards}`)).toHaveLength(0);
  });

  it('a file the server refuses (text named .png) shows its words; one over 2 MB is refused before uploading', async () => {
    const fetchMock = await openSettings({
      [`POST ${ADMIN_PATHS.rewardImage}`]: {
        status: 400,
        body: errorBody(400, 'The image must be a JPG or PNG.', 'VALIDATION_ERROR'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reward' });
    const picker = within(dialog).getByLabelText('Upload an image');
    const fake = new File(['not an image'], 'prize.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [fake] } });
    expect(await within(dialog).findByText('The image must be a JPG or PNG.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image file name')).toHaveValue('');
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.rewardImage}`)).toHaveLength(1);

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [big] } });
    expect(await within(dialog).findByText('The image is too large. The limit is 2 MB.')).toBeInTheDocument();
    const svg = new File(['<svg/>'], 'prize.svg', { type: 'image/svg+xml' });
    fireEvent.change(picker, { target: { files: [svg] } });
    expect(await within(dialog).findByText('Choose a PNG or JPEG image.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.rewardImage}`)).toHaveLength(1);
  });

  it('editing a reward PATCHes only what changed', async () => {
    const fetchMock = await openSettings({ [`PATCH ${ADMIN_PATHS.reward}`]: ok({ ...reward, active: false }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Wireless earbuds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Wireless earbuds' });
    expect(within(dialog).getByRole('img', { name: 'Preview of the reward image' })).toHaveAttribute(
      'src',
      '/images/reward/earbuds.png',
    );
    fireEvent.click(within(dialog).getByLabelText('Shown to players'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.reward}`);
    expect(new URL(patch?.url ?? '').pathname).toBe('/admin/rewards/5');
    expect(await patch?.json()).toEqual({ active: false });
  });
});

describe('a reward’s name in each language', () => {
  it('the Thai name is required, the others optional: without it nothing is sent', async () => {
    const fetchMock = await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reward' });
    fireEvent.change(within(dialog).getByLabelText('Name (English)'), { target: { value: 'Gold necklace' } });
    fireEvent.change(within(dialog).getByLabelText('Image file name'), { target: { value: 'necklace.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter the Thai name (required), up to 200 characters.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.rewards}`)).toHaveLength(0);
    expect(
      within(dialog).getByText(/A player whose language has no name here sees the English name/),
    ).toBeInTheDocument();
  });

  it('editing shows each language’s name; a changed or cleared one PATCHes the names whole', async () => {
    const fetchMock = await openSettings({ [`PATCH ${ADMIN_PATHS.reward}`]: ok(reward) });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Wireless earbuds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Wireless earbuds' });
    expect(within(dialog).getByLabelText('Name (中文)')).toHaveValue('无线耳机');
    expect(within(dialog).getByLabelText('Name (한국어)')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('Name (中文)'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Name (한국어)'), { target: { value: '무선 이어폰' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [patch] = requestsTo(fetchMock, `PATCH ${ADMIN_PATHS.reward}`);
    expect(await patch?.json()).toEqual({ names: { en: 'Wireless earbuds', ko: '무선 이어폰' } });
  });
});

describe('the blacklist', () => {
  it('lists each entry with its kind, value as typed, note and who added it when (Bangkok time)', async () => {
    await openSettings();
    const row = await screen.findByTestId('blacklist-row');
    expect(row).toHaveTextContent('Phone number');
    expect(row).toHaveTextContent('081-234-5678');
    expect(row).toHaveTextContent('chargeback fraud');
    expect(row).toHaveTextContent('demo-admin · 22 Nov 2026, 14:05:00');
  });

  it('a value that is not what its kind needs is refused before sending; a good one is POSTed', async () => {
    const fetchMock = await openSettings({
      [`POST ${ADMIN_PATHS.blacklist}`]: async (request: Request) =>
        ok({ ...barred, id: 10, ...((await request.json()) as object), normalised: '5012345678' }),
    });
    const section = screen.getByRole('region', { name: 'Blacklist' });
    fireEvent.click(within(section).getByRole('button', { name: 'Add to blacklist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the blacklist' });
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '12-34' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    expect(
      await within(dialog).findByText('Enter a phone number (10 digits), a bank account (10 to 15 digits) or a name.'),
    ).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.blacklist}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '501-234-5678' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'mule account' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.blacklist}`)).toHaveLength(1));
    const [post] = requestsTo(fetchMock, `POST ${ADMIN_PATHS.blacklist}`);
    expect(await post?.json()).toEqual({ kind: 'BANK_ACCOUNT', value: '501-234-5678', note: 'mule account' });
  });
});

describe('the withdrawal risk rules', () => {
  it('shows each rule on or off with its thresholds; a change is PUT whole, and a bad threshold is refused before sending', async () => {
    const fetchMock = await openSettings({
      [`PUT ${ADMIN_PATHS.riskRules}`]: (request: Request) =>
        request.json().then((body: unknown) => ({ body: { success: true, data: body } })),
    });
    const section = await screen.findByTestId('risk-rules');
    const automatic = within(section).getByLabelText('Automatic payouts');
    expect(automatic).toBeChecked();
    expect(within(section).getByLabelText('First withdrawal')).toBeChecked();
    const amountRule = within(section).getByLabelText('Amount above the automatic limit').closest('fieldset');
    const limit = within(amountRule as HTMLElement).getByLabelText('Baht');
    expect(limit).toHaveValue(5000);
    const save = within(section).getByRole('button', { name: 'Save the rules' });

    fireEvent.change(limit, { target: { value: '0' } });
    expect(within(section).getByText('Every threshold must be a whole number within its range.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    fireEvent.change(limit, { target: { value: '8000' } });
    fireEvent.click(within(section).getByLabelText('First withdrawal'));
    fireEvent.click(save);
    await within(section).findByText('Saved.');
    const [sent] = requestsTo(fetchMock, `PUT ${ADMIN_PATHS.riskRules}`);
    expect(await sent?.json()).toEqual({
      ...RISK_RULES_DEFAULT,
      firstWithdrawal: { enabled: false },
      amountAboveAuto: { enabled: true, limitBaht: 8000 },
    });
  });
});
