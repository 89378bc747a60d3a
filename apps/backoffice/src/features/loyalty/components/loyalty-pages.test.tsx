import { ADMIN_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { currentLocation, mockApi, paged, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

const promotion = {
  id: 3,
  kind: 'FIRST_DEPOSIT',
  percent: 50,
  fixedSatang: null,
  capSatang: 50_000,
  minDepositSatang: 10_000,
  turnoverMultiplier: 3,
  turnoverBase: 'DEPOSIT_AND_BONUS',
  contributionWc: 100,
  contributionUfa: 100,
  maxWithdrawSatang: null,
  forfeitWinnings: false,
  startsAt: null,
  endsAt: null,
  claimLimit: 'ONCE',
  texts: {
    en: { title: 'Welcome bonus', terms: 'First deposit only.' },
    th: { title: 'โบนัสต้อนรับ', terms: 'ฝากแรกเท่านั้น' },
  },
  imageUrl: null,
  status: 'ACTIVE',
  sortOrder: 0,
  claims: 12,
};

const waiting = {
  id: 9,
  rewardId: 4,
  rewardName: 'Football jersey',
  kind: 'item',
  points: 800,
  creditAmount: null,
  status: 'WAITING',
  note: null,
  createdAt: '2026-11-25T03:00:00.000Z',
  decidedAt: null,
  playerId: 7,
  username: 'SP100007',
  fullName: 'Somsri Jaidee',
  phoneNumber: '0812345670',
  lineId: 'somsri',
  decidedBy: null,
};

async function bodyOf(request: Request | undefined) {
  if (!request) throw new Error('no such request');
  return request.clone().json();
}

describe('back office: promotions', () => {
  it('lists promotions with bonus, turnover and claims; pausing one PUTs it with status PAUSED', async () => {
    const fetchMock = mockApi({
      [`GET ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: [promotion] } },
      [`PUT ${ADMIN_PATHS.promotion}`]: { body: { success: true, data: { ...promotion, status: 'PAUSED' } } },
    });
    signInAs('admin');
    renderApp('/promotions');
    const row = await screen.findByTestId('promotion-row');
    expect(row).toHaveTextContent('Welcome bonus');
    expect(row).toHaveTextContent('50% up to ฿500.00');
    expect(row).toHaveTextContent('3× deposit + bonus');
    expect(row).toHaveTextContent('12');
    fireEvent.click(within(row).getByRole('button', { name: 'Pause Welcome bonus' }));
    await waitFor(() => expect(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.promotion}`)).toHaveLength(1));
    const body = await bodyOf(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.promotion}`)[0]);
    expect(body).toMatchObject({ status: 'PAUSED', percent: 50, capSatang: 50_000, turnoverMultiplier: 3 });
    expect(body.texts.th.title).toBe('โบนัสต้อนรับ');
  });

  it('a new promotion is created from the form (baht to satang), with a preview of each language; a bad value sends nothing', async () => {
    const fetchMock = mockApi({
      [`GET ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: [] } },
      [`POST ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: promotion } },
    });
    signInAs('admin');
    renderApp('/promotions');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
    fireEvent.change(within(dialog).getByLabelText('Bonus cap (baht)'), { target: { value: '500.50' } });
    fireEvent.change(within(dialog).getByLabelText('Title (English)'), { target: { value: 'Welcome bonus' } });
    fireEvent.change(within(dialog).getByLabelText('Title (ไทย)'), { target: { value: 'โบนัสต้อนรับ' } });
    expect(within(dialog).getByTestId('promotion-preview')).toHaveTextContent('โบนัสต้อนรับ');
    fireEvent.change(within(dialog).getByLabelText('Turnover multiplier'), { target: { value: 'five' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Some values are not valid: see the marked fields.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.promotions}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Turnover multiplier'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.promotions}`)).toHaveLength(1));
    const body = await bodyOf(requestsTo(fetchMock, `POST ${ADMIN_PATHS.promotions}`)[0]);
    expect(body).toMatchObject({
      kind: 'FIRST_DEPOSIT',
      capSatang: 50_050,
      minDepositSatang: 10_000,
      turnoverMultiplier: 5,
    });
    expect(Object.keys(body.texts).sort()).toEqual(['en', 'th']);
  });
});

describe('the promotion form: each refused field says what it allows', () => {
  async function refusedFields(values: Record<string, string>) {
    mockApi({ [`GET ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: [] } } });
    signInAs('admin');
    renderApp('/promotions');
    fireEvent.click(await screen.findByRole('button', { name: 'New promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promotion' });
    fireEvent.change(within(dialog).getByLabelText('Title (English)'), { target: { value: 'Welcome bonus' } });
    for (const [label, value] of Object.entries(values)) {
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText('Some values are not valid: see the marked fields.');
    return dialog;
  }

  it('whole numbers name their range, amounts their decimals and maximum, the image its file name; never only "Check this value."', async () => {
    const dialog = await refusedFields({
      'Bonus (% of the deposit)': '5000',
      'Bonus cap (baht)': '2000000',
      'Minimum deposit (baht)': '10.005',
      'Turnover multiplier': 'five',
      'WC slots count (%)': '101',
      'Maximum withdrawal after the bonus (baht)': '0',
      'Image file name': 'promo.gif',
      Order: '-1',
    });
    const errorOf = (label: string) =>
      document.getElementById(`${within(dialog).getByLabelText(label).id}-error`)?.textContent;
    expect(errorOf('Bonus (% of the deposit)')).toBe('Enter a whole number from 0 to 1,000.');
    expect(errorOf('Bonus cap (baht)')).toBe(
      'Enter an amount in baht above 0, at most 2 decimals, up to ฿1,000,000.00.',
    );
    expect(errorOf('Minimum deposit (baht)')).toBe(
      'Enter an amount in baht of 0 or more, at most 2 decimals, up to ฿1,000,000.00.',
    );
    expect(errorOf('Turnover multiplier')).toBe('Enter a whole number from 0 to 100.');
    expect(errorOf('WC slots count (%)')).toBe('Enter a whole number from 0 to 100.');
    expect(errorOf('Maximum withdrawal after the bonus (baht)')).toBe(
      'Enter an amount in baht above 0, at most 2 decimals, up to ฿1,000,000.00.',
    );
    expect(errorOf('Image file name')).toMatch(/ending in \.png, \.jpg or \.jpeg\.$/);
    expect(errorOf('Order')).toBe('Enter a whole number from 0 to 1,000.');
    expect(within(dialog).queryByText('Check this value.')).not.toBeInTheDocument();
  });

  it('in Thai too: the range, not "ตรวจสอบค่านี้"', async () => {
    const dialog = await refusedFields({ 'Turnover multiplier': '500' });
    await act(() => i18n.changeLanguage('th'));
    expect(within(dialog).getByText('กรอกจำนวนเต็มตั้งแต่ 0 ถึง 100')).toBeInTheDocument();
    expect(within(dialog).queryByText('ตรวจสอบค่านี้')).not.toBeInTheDocument();
  });
});

describe('back office: a promotion’s image', () => {
  it('the chosen image is uploaded, fills in the file name, shows in the preview and is saved with the promotion', async () => {
    const uploaded = `${'c'.repeat(64)}.png`;
    const fetchMock = mockApi({
      [`GET ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: [promotion] } },
      [`POST ${ADMIN_PATHS.rewardImage}`]: { body: { success: true, data: { imageUrl: uploaded } } },
      [`PUT ${ADMIN_PATHS.promotion}`]: { body: { success: true, data: { ...promotion, imageUrl: uploaded } } },
    });
    signInAs('admin');
    renderApp('/promotions');
    const row = await screen.findByTestId('promotion-row');
    fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Change promotion' });
    expect(within(dialog).getByText('No image yet.')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Upload an image'), { target: { files: [file] } });
    expect(await within(dialog).findByText('Image uploaded.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image file name')).toHaveValue(uploaded);
    expect(within(dialog).getByRole('img', { name: 'Preview of the promotion image' })).toHaveAttribute(
      'src',
      `/images/reward/${uploaded}`,
    );
    expect(within(dialog).getByTestId('promotion-preview').querySelector('img')).toHaveAttribute(
      'src',
      `/images/reward/${uploaded}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.promotion}`)).toHaveLength(1));
    expect(await bodyOf(requestsTo(fetchMock, `PUT ${ADMIN_PATHS.promotion}`)[0])).toMatchObject({
      imageUrl: uploaded,
    });
  });
});

describe('back office: reward fulfilment', () => {
  it('lists the items waiting with the player’s contact; marking one sent needs a note and POSTs it', async () => {
    const fetchMock = mockApi({
      [`GET ${ADMIN_PATHS.redemptions}`]: { body: paged([waiting]) },
      [`POST ${ADMIN_PATHS.redemptionSend}`]: { body: { success: true, data: { ...waiting, status: 'SENT' } } },
    });
    signInAs();
    renderApp('/redemptions');
    const row = await screen.findByTestId('redemption-row');
    expect(row).toHaveTextContent('Somsri Jaidee');
    expect(row).toHaveTextContent('0812345670');
    expect(row).toHaveTextContent('LINE somsri');
    expect(row).toHaveTextContent('Football jersey');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark sent Somsri Jaidee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the reward sent' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await within(dialog).findByText('Please write a note.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `POST ${ADMIN_PATHS.redemptionSend}`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Note for the player'), { target: { value: 'Kerry TH123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText('Football jersey marked sent to Somsri Jaidee.')).toBeInTheDocument();
    expect(await bodyOf(requestsTo(fetchMock, `POST ${ADMIN_PATHS.redemptionSend}`)[0])).toEqual({
      note: 'Kerry TH123',
    });
  });

  it('pages through the queue, the status and page kept in the address', async () => {
    const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.redemptions}`]: { body: paged([waiting], 45, 1, 20) } });
    signInAs();
    renderApp('/redemptions');
    await screen.findByTestId('redemption-row');
    const query = () => new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.redemptions}`).at(-1)?.url ?? '').search;
    expect(query()).toBe('?status=WAITING&page=1');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'SENT' } });
    await waitFor(() => expect(currentLocation()).toBe('/redemptions?status=SENT'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/redemptions?status=SENT&page=2'));
    await waitFor(() => expect(query()).toBe('?status=SENT&page=2'));
  });
});
