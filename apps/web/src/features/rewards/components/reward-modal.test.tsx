import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { RESEND, resendTiming } from '@/lib/idempotency';
import { useModalStore } from '@/stores/modal-store';
import {
  callsTo,
  errorBody,
  findModal,
  jsonResponse,
  mockApi,
  type Routes,
  renderApp,
  signIn,
} from '@/testing/test-utils';

// A resend after no answer waits nothing here (src/features/withdraw/api/withdraw-resend.test.ts checks the waits).
beforeEach(() => {
  vi.spyOn(resendTiming, 'wait').mockResolvedValue();
});

const priced = [
  {
    id: 1,
    name: 'Free credit 100',
    imageUrl: 'free-credit-100.png',
    kind: 'credit',
    pricePoints: 100,
    creditAmount: 100,
    turnoverMultiplier: 1,
    stock: null,
    dailyLimit: 1,
  },
  {
    id: 2,
    name: 'Gold necklace',
    imageUrl: 'gold-necklace.png',
    kind: 'item',
    pricePoints: 15000,
    creditAmount: null,
    turnoverMultiplier: 0,
    stock: 0,
    dailyLimit: null,
  },
];

function redemption(status: string) {
  return {
    id: 1,
    rewardId: 1,
    rewardName: 'Free credit 100',
    kind: 'credit',
    points: 100,
    creditAmount: 100,
    status,
    note: null,
    createdAt: '2026-11-25T03:00:00.000Z',
    decidedAt: null,
  };
}

const rewards = [
  { id: 1, name: 'Free credit 100', imageUrl: 'free-credit-100.png' },
  { id: 2, name: 'Gold necklace', imageUrl: 'gold-necklace.png' },
];

async function openRewards(routes: Routes) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open('reward'));
  return { fetchMock, dialog: await findModal('Rewards') };
}

describe('§2 reward modal', () => {
  it('shows a grid of the rewards of GET /setting/rewards with name and image from /images/reward/{imageUrl}', async () => {
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: rewards } },
    });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Free credit 100');
    expect(items[0]?.querySelector('img')).toHaveAttribute('src', '/images/reward/free-credit-100.png');
    expect(items[1]?.querySelector('img')).toHaveAttribute('src', '/images/reward/gold-necklace.png');
    expect(callsTo(fetchMock, `GET ${API_PATHS.rewards}`)).toHaveLength(1);
  });

  it('each reward is named in the chosen language (asked with Accept-Language); switching the language asks again', async () => {
    const names: Record<string, string> = { en: 'Gold necklace', th: 'สร้อยคอทองคำ', mm: 'ရွှေဆွဲကြိုး' };
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: (request: Request) => {
        const language = request.headers.get('Accept-Language') ?? 'en';
        return { body: { success: true, data: [{ ...rewards[1], name: names[language] ?? names.en }] } };
      },
    });
    expect(await within(dialog).findByText('Gold necklace')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('mm'));
    expect(await within(dialog).findByText('ရွှေဆွဲကြိုး')).toBeInTheDocument();
    const asked = callsTo(fetchMock, `GET ${API_PATHS.rewards}`).map((call) =>
      new Headers(call.headers).get('Accept-Language'),
    );
    expect(asked).toEqual(['en', 'mm']);
  });

  it('each reward shows its points price and what it gives; a reward out of stock cannot be redeemed', async () => {
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: priced } } });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('100 points');
    expect(items[0]).toHaveTextContent('Credit ฿100.00 to your wallet · turnover 1×');
    expect(items[1]).toHaveTextContent('15,000 points');
    expect(items[1]).toHaveTextContent('Out of stock');
    expect(within(dialog).getByRole('button', { name: 'Out of stock: Gold necklace' })).toBeDisabled();
    expect(within(dialog).getByTestId('reward-points')).toHaveTextContent('1,500');
  });

  it('one point is "1 point", never "1 points" (plurals by the language’s rules); Thai has one form', async () => {
    const onePoint = [{ ...priced[0], id: 3, name: 'Sticker', pricePoints: 1 }];
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: onePoint } } });
    const item = (await within(dialog).findAllByRole('listitem'))[0] as HTMLElement;
    expect(within(item).getByText('1 point')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('1 points');
    fireEvent.click(within(item).getByRole('button', { name: /Redeem/ }));
    expect(await screen.findByText('Redeem “Sticker” for 1 point?')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('th'));
    // The list is asked again in the new language (its names are per language): read it afresh each time.
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent('1 แต้ม'));
  });

  it('redeem asks for a confirmation, then POSTs once with an Idempotency-Key and shows the outcome', async () => {
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: priced } },
      [`POST ${API_PATHS.rewardRedeem}`]: {
        body: {
          success: true,
          message: 'Redeemed: ฿100.00 credited to your wallet.',
          data: { redemption: redemption('CREDITED'), points: 1400 },
        },
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Redeem: Free credit 100' }));
    const confirm = await findModal('Redeem this reward?');
    expect(confirm).toHaveTextContent('Redeem “Free credit 100” for 100 points?');
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/redeem'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    const done = await findModal('Reward redeemed');
    expect(done).toHaveTextContent('Redeemed: ฿100.00 credited to your wallet.');
    const posts = fetchMock.mock.calls.filter(([input]) => String(input).includes('/redeem'));
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a refusal (not enough points) shows the server’s words; cancel sends nothing', async () => {
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: priced } },
      [`POST ${API_PATHS.rewardRedeem}`]: {
        status: 409,
        body: errorBody(409, 'Not enough points: you have 5, this reward costs 100.', 'POINTS_NOT_ENOUGH'),
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Redeem: Free credit 100' }));
    fireEvent.click(within(await findModal('Redeem this reward?')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Redeem this reward?' })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/redeem'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem: Free credit 100' }));
    fireEvent.click(within(await findModal('Redeem this reward?')).getByRole('button', { name: 'Redeem' }));
    const refused = await findModal('Not redeemed');
    expect(refused).toHaveTextContent('Not enough points: you have 5, this reward costs 100.');
  });

  it('after a lost answer the confirmation stays, and the retry carries the same key', async () => {
    let calls = 0;
    const { fetchMock, dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: priced } },
      [`POST ${API_PATHS.rewardRedeem}`]: () => {
        calls += 1;
        if (calls <= RESEND.maxSends) return Promise.reject(new TypeError('network down'));
        return Promise.resolve(
          jsonResponse(200, {
            success: true,
            message: 'Redeemed',
            data: { redemption: redemption('CREDITED'), points: 1400 },
          }),
        );
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Redeem: Free credit 100' }));
    const confirm = await findModal('Redeem this reward?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(within(confirm).getByRole('alert')).toBeInTheDocument());
    fireEvent.click(within(confirm).getByRole('button', { name: 'Redeem' }));
    await findModal('Reward redeemed');
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input).includes('/redeem'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(RESEND.maxSends + 1);
    expect(new Set(keys).size).toBe(1);
  });

  it('my redemptions list each redemption with its state', async () => {
    const { dialog } = await openRewards({
      [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: priced } },
      [`GET ${API_PATHS.redemptions}`]: {
        body: {
          success: true,
          data: [
            { ...redemption('WAITING'), id: 3, rewardName: 'Gold necklace', kind: 'item', points: 15000 },
            { ...redemption('CANCELLED'), id: 2, note: 'Out of stock at the supplier' },
            redemption('CREDITED'),
          ],
        },
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'My redemptions' }));
    const rows = await within(dialog).findAllByTestId('redemption');
    expect(rows[0]).toHaveTextContent('Gold necklace');
    expect(rows[0]).toHaveTextContent('Waiting for delivery');
    expect(rows[1]).toHaveTextContent('Cancelled, points returned');
    expect(rows[1]).toHaveTextContent('Out of stock at the supplier');
    expect(rows[2]).toHaveTextContent('Credited');
  });

  it('§8 a failed load shows the loading-error text; an empty list says so', async () => {
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { status: 500, body: errorBody(500, 'x') } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error loading data');
  });

  it('an empty list says there is nothing to redeem', async () => {
    const { dialog } = await openRewards({ [`GET ${API_PATHS.rewards}`]: { body: { success: true, data: [] } } });
    expect(await within(dialog).findByText('No rewards to redeem right now.')).toBeInTheDocument();
  });
});
