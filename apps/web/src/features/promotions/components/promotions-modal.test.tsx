import { API_PATHS } from '@app/contracts/paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModalStore } from '@/stores/modal-store';
import { callsTo, errorBody, findModal, mockApi, type Routes, renderApp, signIn } from '@/testing/test-utils';

const firstDeposit = {
  id: 7,
  kind: 'FIRST_DEPOSIT',
  title: 'Welcome: 50% bonus on your first deposit',
  terms: 'First deposit of at least 100 baht.',
  imageUrl: null,
  percent: 50,
  fixedAmount: null,
  cap: 500,
  minDeposit: 100,
  turnoverMultiplier: 3,
  turnoverBase: 'DEPOSIT_AND_BONUS',
  contribution: { wc: 100, ufa: 50 },
  maxWithdraw: null,
  startsAt: null,
  endsAt: null,
  claimLimit: 'ONCE',
  claimable: true,
  notClaimableReason: null,
};
const daily = {
  ...firstDeposit,
  id: 8,
  kind: 'DAILY_FIRST_DEPOSIT',
  title: 'First deposit of the day: 10% extra',
  claimLimit: 'DAILY',
  claimable: false,
  notClaimableReason: 'You have already deposited today.',
};

function claim(status: 'PENDING' | 'ACTIVE', done = 120) {
  return {
    id: 31,
    promotionId: 7,
    title: firstDeposit.title,
    status,
    deposit: status === 'ACTIVE' ? 100 : 0,
    bonus: status === 'ACTIVE' ? 50 : 0,
    turnoverRequired: status === 'ACTIVE' ? 450 : 0,
    turnoverDone: status === 'ACTIVE' ? done : 0,
    maxWithdraw: null,
    claimedAt: '2026-11-25T03:00:00.000Z',
    activatedAt: null,
    endedAt: null,
    endReason: null,
  };
}

function listing(current: ReturnType<typeof claim> | null, promotions = [firstDeposit, daily]) {
  return { body: { success: true, data: { promotions, current } } };
}

async function open(name: 'promotions' | 'deposit' | 'withdraw', title: string, routes: Routes) {
  const fetchMock = mockApi(routes);
  signIn();
  renderApp('/');
  await screen.findByRole('region', { name: 'My wallet' });
  act(() => useModalStore.getState().open(name));
  return { fetchMock, dialog: await findModal(title) };
}

describe('the promotions screen', () => {
  it('lists the promotions running now with their facts and terms; one not claimable says why', async () => {
    const { dialog } = await open('promotions', 'Promotions', { [`GET ${API_PATHS.promotions}`]: listing(null) });
    const cards = await within(dialog).findAllByTestId('promotion');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Bonus 50% of your deposit, up to ฿500.00');
    expect(cards[0]).toHaveTextContent('Minimum deposit ฿100.00');
    expect(cards[0]).toHaveTextContent('Turnover 3× deposit plus bonus before withdrawing');
    expect(cards[0]).toHaveTextContent('Bets count: WC slots 100%, UFA sports 50%');
    expect(cards[0]).toHaveTextContent('Once per member');
    expect(within(cards[0] as HTMLElement).getByText('Terms and conditions')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('You have already deposited today.');
    expect(within(cards[1] as HTMLElement).queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it('claim POSTs the promotion; a deposit promotion then offers to deposit now', async () => {
    let claimed = false;
    const { fetchMock, dialog } = await open('promotions', 'Promotions', {
      [`GET ${API_PATHS.promotions}`]: (_request: Request) => listing(claimed ? claim('PENDING') : null),
      [`POST ${API_PATHS.promotionClaim}`]: (_request: Request) => {
        claimed = true;
        return {
          body: {
            success: true,
            message: 'Promotion chosen: the bonus comes with your next deposit.',
            data: claim('PENDING'),
          },
        };
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: `Claim: ${firstDeposit.title}` }));
    expect(
      await within(dialog).findByText('Promotion chosen: the bonus comes with your next deposit.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/promotions/7/claim'))).toHaveLength(1);
    // The open claim now shows at the top, waiting for the deposit.
    expect(await within(dialog).findByTestId('promotion-progress')).toHaveTextContent(
      'The bonus is credited with your next deposit.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deposit now' }));
    await findModal('Deposit');
  });

  it('a refused claim shows the server’s words', async () => {
    const { dialog } = await open('promotions', 'Promotions', {
      [`GET ${API_PATHS.promotions}`]: listing(null),
      [`POST ${API_PATHS.promotionClaim}`]: {
        status: 409,
        body: errorBody(409, 'This promotion is only for a first deposit.', 'PROMOTION_NOT_CLAIMABLE'),
      },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: `Claim: ${firstDeposit.title}` }));
    expect(await within(dialog).findByText('This promotion is only for a first deposit.')).toBeInTheDocument();
  });

  it('the active promotion shows bonus and turnover progress; forfeit asks first, then POSTs', async () => {
    let forfeited = false;
    const { fetchMock, dialog } = await open('promotions', 'Promotions', {
      [`GET ${API_PATHS.promotions}`]: (_request: Request) => listing(forfeited ? null : claim('ACTIVE')),
      [`POST ${API_PATHS.promotionForfeit}`]: (_request: Request) => {
        forfeited = true;
        return {
          body: {
            success: true,
            message: 'Promotion forfeited: ฿50.00 returned.',
            data: { ...claim('ACTIVE'), status: 'FORFEITED' },
          },
        };
      },
    });
    const progress = await within(dialog).findByTestId('promotion-progress');
    expect(progress).toHaveTextContent('Bonus ฿50.00');
    expect(within(progress).getByTestId('turnover-progress')).toHaveTextContent('Turnover ฿120.00 / ฿450.00');
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '26');
    fireEvent.click(within(progress).getByRole('button', { name: 'Forfeit promotion' }));
    const confirm = await findModal('Forfeit this promotion?');
    expect(confirm).toHaveTextContent('the bonus of ฿50.00 (at most your main balance) goes back');
    expect(callsTo(fetchMock, `POST ${API_PATHS.promotionForfeit}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Forfeit' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST ${API_PATHS.promotionForfeit}`)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByTestId('promotion-progress')).not.toBeInTheDocument());
  });

  it('a forfeit refused while the money is in a game shows the server’s words, and the promotion stays', async () => {
    const away =
      'Your credit is still in a game: bring it back to your wallet (and let any open round finish), then give up the promotion.';
    const { dialog } = await open('promotions', 'Promotions', {
      [`GET ${API_PATHS.promotions}`]: listing(claim('ACTIVE')),
      [`POST ${API_PATHS.promotionForfeit}`]: { status: 409, body: errorBody(409, away, 'PROMOTION_CREDIT_AWAY') },
    });
    const progress = await within(dialog).findByTestId('promotion-progress');
    fireEvent.click(within(progress).getByRole('button', { name: 'Forfeit promotion' }));
    fireEvent.click(within(await findModal('Forfeit this promotion?')).getByRole('button', { name: 'Forfeit' }));
    expect(await within(progress).findByRole('status')).toHaveTextContent(away);
    expect(within(dialog).getByTestId('promotion-progress')).toBeInTheDocument();
  });
});

describe('the promotion in the deposit and withdraw modals and on the wallet panel', () => {
  it('the deposit modal offers "No bonus" by default and the claimable deposit promotions; picking one claims it', async () => {
    let claimed = false;
    const { fetchMock, dialog } = await open('deposit', 'Deposit', {
      [`GET ${API_PATHS.promotions}`]: (_request: Request) => listing(claimed ? claim('PENDING') : null),
      [`POST ${API_PATHS.promotionClaim}`]: (_request: Request) => {
        claimed = true;
        return { body: { success: true, message: 'Promotion chosen', data: claim('PENDING') } };
      },
    });
    const picker = await within(dialog).findByLabelText('Promotion with this deposit');
    expect(picker).toHaveValue('');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No bonus', firstDeposit.title]);
    fireEvent.change(picker, { target: { value: '7' } });
    await waitFor(() => expect(picker).toHaveValue('7'));
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/promotions/7/claim'))).toHaveLength(1);
  });

  it('the withdraw modal shows the active promotion’s progress', async () => {
    const { dialog } = await open('withdraw', 'Withdraw', {
      [`GET ${API_PATHS.promotions}`]: listing(claim('ACTIVE', 300)),
    });
    expect(await within(dialog).findByTestId('turnover-progress')).toHaveTextContent('Turnover ฿300.00 / ฿450.00');
  });

  it('the wallet panel shows the open promotion, and its menu opens the promotions screen', async () => {
    mockApi({ [`GET ${API_PATHS.promotions}`]: listing(claim('ACTIVE')) });
    signIn();
    renderApp('/');
    const wallet = await screen.findByRole('region', { name: 'My wallet' });
    expect(await within(wallet).findByTestId('turnover-progress')).toHaveTextContent('฿120.00 / ฿450.00');
    fireEvent.click(within(wallet).getByRole('button', { name: /^Promotions/ }));
    await findModal('Promotions');
  });
});
