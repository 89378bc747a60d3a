import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, mockApi, paged, type Routes, renderApp, requestsTo, signInAs } from '@/testing/test-utils';

function player(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    username: `SP10000${id}`,
    phoneNumber: `081234567${id}`,
    fullName: 'Somchai Jaidee',
    bankCode: 'KBANK',
    bankName: 'Kasikornbank',
    bankNumber: '1234567890',
    frozen: false,
    createdAt: '2026-11-20T17:30:00Z',
    balance: 12500.75,
    ...overrides,
  };
}

async function openList(routes: Routes = {}, path = '/players') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.players}`]: { body: paged([player(7)]) }, ...routes });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Players', level: 1 });
  return fetchMock;
}

const lastQuery = (fetchMock: Awaited<ReturnType<typeof openList>>) =>
  new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.players}`).at(-1)?.url ?? '').searchParams.toString();

describe('deliverable 5: the players list', () => {
  it('shows name (linking to the detail), username, phone, bank and account, main balance (th-TH) and created (Bangkok time)', async () => {
    const fetchMock = await openList();
    const row = await screen.findByTestId('player-row');
    expect(within(row).getByRole('link', { name: 'Somchai Jaidee' })).toHaveAttribute('href', '/players/7');
    expect(row).toHaveTextContent('SP100007');
    expect(row).toHaveTextContent('0812345677');
    expect(row).toHaveTextContent('Kasikornbank');
    expect(row).toHaveTextContent('1234567890');
    expect(row).toHaveTextContent('฿12,500.75');
    // 17:30 UTC is 00:30 the next day in Bangkok.
    expect(row).toHaveTextContent('21 Nov 2026, 00:30:00');
    expect(within(row).queryByText('Frozen')).not.toBeInTheDocument();
    expect(lastQuery(fetchMock)).toBe('sort=newest&page=1');
  });

  it('marks a frozen player with a "Frozen" badge', async () => {
    await openList({
      [`GET ${ADMIN_PATHS.players}`]: {
        body: paged([player(7), player(8, { fullName: 'Malee Suksan', frozen: true })]),
      },
    });
    const [first, second] = await screen.findAllByTestId('player-row');
    expect(within(first as HTMLElement).queryByText('Frozen')).not.toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Frozen')).toBeInTheDocument();
  });

  it.each([
    ['a phone number', '0812345677'],
    ['a name', 'Somchai'],
    ['a bank account', '1234567890'],
  ])('searching by %s puts it in the query and in the address', async (_what, text) => {
    const fetchMock = await openList();
    const search = screen.getByLabelText('Find a player');
    fireEvent.change(search, { target: { value: `  ${text} ` } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    await waitFor(() => expect(currentLocation()).toBe(`/players?q=${text}`));
    await waitFor(() => expect(lastQuery(fetchMock)).toBe(`q=${text}&sort=newest&page=1`));
  });

  it('sorts newest or oldest first and pages through the address, so a refresh keeps the place', async () => {
    const fetchMock = await openList({ [`GET ${ADMIN_PATHS.players}`]: { body: paged([player(7)], 45, 1, 20) } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    await waitFor(() => expect(currentLocation()).toBe('/players?sort=oldest'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/players?sort=oldest&page=2'));
    await waitFor(() => expect(lastQuery(fetchMock)).toBe('sort=oldest&page=2'));
    expect(screen.getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
  });

  it('opened from an address with a search, asks for that search and shows it in the field', async () => {
    const fetchMock = await openList(
      { [`GET ${ADMIN_PATHS.players}`]: { body: paged([]) } },
      '/players?q=Malee&page=2',
    );
    expect(screen.getByLabelText('Find a player')).toHaveValue('Malee');
    expect(await screen.findByText('No player matches “Malee”.')).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toBe('q=Malee&sort=newest&page=2');
  });
});
