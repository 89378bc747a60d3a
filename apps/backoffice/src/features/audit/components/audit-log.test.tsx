import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  currentLocation,
  errorBody,
  mockApi,
  paged,
  type Routes,
  renderApp,
  requestsTo,
  signInAs,
} from '@/testing/test-utils';

function entry(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    at: '2026-11-22T07:05:00Z',
    actor: 'demo-admin',
    action: 'player.freeze',
    targetType: 'player',
    targetId: '7',
    reason: 'chargeback investigation',
    before: { frozen: false, frozenReason: null },
    after: { frozen: true, frozenReason: 'chargeback investigation' },
    hash: 'a'.repeat(64),
    ...overrides,
  };
}

async function openLog(routes: Routes = {}, path = '/audit') {
  const fetchMock = mockApi({ [`GET ${ADMIN_PATHS.audit}`]: { body: paged([entry(41)]) }, ...routes });
  signInAs();
  renderApp(path);
  await screen.findByRole('heading', { name: 'Audit log' });
  const rows = await screen.findAllByTestId('audit-row');
  return { fetchMock, rows };
}

const lastQuery = (fetchMock: ReturnType<typeof mockApi>) =>
  new URL(requestsTo(fetchMock, `GET ${ADMIN_PATHS.audit}`).at(-1)?.url ?? '').searchParams;

describe('deliverable 7: audit log: every operator action with who, what, when, why and before/after', () => {
  it('an entry shows who, what (action and target), when (Bangkok time), why, and the changed fields before → after', async () => {
    const { fetchMock, rows } = await openLog();
    const [row] = rows as [HTMLElement];
    expect(within(row).getByText('22 Nov 2026, 14:05:00')).toBeInTheDocument();
    expect(row).toHaveTextContent('Row #41');
    expect(row).toHaveTextContent('demo-admin');
    expect(row).toHaveTextContent('player.freeze');
    expect(within(row).getByRole('link', { name: 'player #7' })).toHaveAttribute('href', '/players/7');
    expect(row).toHaveTextContent('chargeback investigation');
    const changes = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(changes).toEqual(['frozen: false → true', 'frozenReason: — → chargeback investigation']);
    expect(lastQuery(fetchMock).toString()).toBe('sort=newest&page=1');
  });

  it('the raw before/after JSON is in a disclosure under the changes', async () => {
    const { rows } = await openLog();
    const [row] = rows as [HTMLElement];
    const details = row.querySelector('details') as HTMLDetailsElement;
    expect(details).not.toHaveAttribute('open');
    expect(within(details).getByText('Raw JSON')).toBeInTheDocument();
    const raw = JSON.parse(details.querySelector('pre')?.textContent ?? '');
    expect(raw).toEqual({
      before: { frozen: false, frozenReason: null },
      after: { frozen: true, frozenReason: 'chargeback investigation' },
    });
  });

  it('times recorded in a row show in Bangkok time like the When column, in the changes and in the raw JSON (+07:00, the same moment)', async () => {
    const { rows } = await openLog({
      [`GET ${ADMIN_PATHS.audit}`]: {
        body: paged([
          entry(44, {
            action: 'deposit.approve',
            targetType: 'history',
            targetId: '9',
            before: { status: 'WAITING', decidedAt: null },
            after: { status: 'APPROVED', decidedAt: '2026-11-22T07:05:00.000Z', note: 'at 2026-11-22T07:05:00Z' },
          }),
        ]),
      },
    });
    const [row] = rows as [HTMLElement];
    // The row's own time (When) and the decision time it recorded: the same moment, written alike.
    expect(within(row).getAllByText(/22 Nov 2026, 14:05:00/)).toHaveLength(2);
    const changes = within(row)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // A time is a time only when the whole value is one; a text that mentions one stays as written.
    expect(changes).toEqual([
      'status: WAITING → APPROVED',
      'decidedAt: — → 22 Nov 2026, 14:05:00',
      'note: — → at 2026-11-22T07:05:00Z',
    ]);
    const raw = row.querySelector('pre')?.textContent ?? '';
    expect(raw).not.toContain('07:05:00.000Z');
    expect(JSON.parse(raw).after.decidedAt).toBe('2026-11-22T14:05:00.000+07:00');
    expect(Date.parse(JSON.parse(raw).after.decidedAt)).toBe(Date.parse('2026-11-22T07:05:00.000Z'));
  });

  it('a creation lists its fields from nothing; fields recorded only afterwards count as changed; unchanged ones are left out', async () => {
    const { rows } = await openLog({
      [`GET ${ADMIN_PATHS.audit}`]: {
        body: paged([
          entry(43, {
            action: 'operator.create',
            targetType: 'operator',
            targetId: '5',
            reason: null,
            before: null,
            after: { id: 5, role: 'operator' },
          }),
          entry(42, {
            action: 'operator.update',
            targetType: 'operator',
            targetId: '5',
            reason: null,
            before: { displayName: 'Audited', role: 'operator' },
            after: { displayName: 'Renamed', role: 'operator', passwordChanged: false },
          }),
          entry(40, { action: 'operator.enrol_second_factor', before: null, after: null, reason: null }),
        ]),
      },
    });
    const [created, updated, bare] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(created)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['id: — → 5', 'role: — → operator']);
    expect(within(created).queryByRole('link')).not.toBeInTheDocument();
    expect(created).toHaveTextContent('operator #5');
    expect(
      within(updated)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['displayName: Audited → Renamed', 'passwordChanged: — → false']);
    expect(bare.querySelector('details')).toBeNull();
  });
});

describe('audit log: money in baht', () => {
  it('a ฿1,000 deposit limit (recorded by the server in baht, amountBaht) shows as ฿1,000.00, never as 100000 satang', async () => {
    const { rows } = await openLog({
      [`GET ${ADMIN_PATHS.audit}`]: {
        body: paged([
          entry(44, {
            actor: 'player:7',
            action: 'protection.limit',
            reason: null,
            before: { kind: 'DEPOSIT', period: 'DAY', amountBaht: null },
            after: { kind: 'DEPOSIT', period: 'DAY', amountBaht: 1000 },
          }),
        ]),
      },
    });
    const [row] = rows as [HTMLElement];
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['amountBaht: — → ฿1,000.00']);
    expect(row).not.toHaveTextContent('100000');
  });
});

describe('deliverable 7: audit log: filters and paging live in the address', () => {
  it('actor, action, target and a from/until typed in Bangkok time (sent as ISO +07:00) go into the query and the URL', async () => {
    const { fetchMock } = await openLog();
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: ' demo-admin ' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'player.freeze' } });
    fireEvent.change(screen.getByLabelText('Target type'), { target: { value: 'player' } });
    fireEvent.change(screen.getByLabelText('Target id'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('From (Bangkok time)'), { target: { value: '2026-11-22T00:00' } });
    fireEvent.change(screen.getByLabelText('Until (Bangkok time)'), { target: { value: '2026-11-23T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    const expected = {
      actor: 'demo-admin',
      action: 'player.freeze',
      targetType: 'player',
      targetId: '7',
      from: '2026-11-22T00:00:00+07:00',
      to: '2026-11-23T00:00:00+07:00',
    };
    await waitFor(() => expect(currentLocation()).toBe(`/audit?${new URLSearchParams(expected)}`));
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(fetchMock))).toEqual({ ...expected, sort: 'newest', page: '1' }),
    );
  });

  it('opening an address with filters fills the fields, times back on Bangkok’s clock; Clear filters empties them', async () => {
    const search = new URLSearchParams({ actor: 'cli', from: '2026-11-21T17:30:00Z', to: '2026-11-23T00:00:00+07:00' });
    const { fetchMock } = await openLog({}, `/audit?${search}`);
    expect(screen.getByLabelText('Operator')).toHaveValue('cli');
    expect(screen.getByLabelText('From (Bangkok time)')).toHaveValue('2026-11-22T00:30');
    expect(screen.getByLabelText('Until (Bangkok time)')).toHaveValue('2026-11-23T00:00');
    expect(lastQuery(fetchMock).get('from')).toBe('2026-11-21T17:30:00Z');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/audit'));
    expect(screen.getByLabelText('Operator')).toHaveValue('');
    await waitFor(() => expect(lastQuery(fetchMock).toString()).toBe('sort=newest&page=1'));
  });

  it('sorts and pages through the address, so a refresh keeps the place', async () => {
    const { fetchMock } = await openLog({
      [`GET ${ADMIN_PATHS.audit}`]: { body: paged([entry(41)], 45, 1, 20) },
    });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'oldest' } });
    await waitFor(() => expect(currentLocation()).toBe('/audit?sort=oldest'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentLocation()).toBe('/audit?sort=oldest&page=2'));
    await waitFor(() => expect(lastQuery(fetchMock).toString()).toBe('sort=oldest&page=2'));
    expect(screen.getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
  });
});

describe('deliverable 7: audit log: verify chain', () => {
  it('an intact chain says so, with the number of rows verified', async () => {
    const { fetchMock } = await openLog({
      [`GET ${ADMIN_PATHS.auditVerify}`]: {
        body: { success: true, data: { ok: true, checked: 1234, headHash: 'f'.repeat(64), problems: [] } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('The chain is intact')).toBeInTheDocument();
    expect(screen.getByText('All 1234 rows verified: none was changed, removed or inserted.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.auditVerify}`)).toHaveLength(1);
  });

  it('a broken chain names each row and its problem, and links to the log filtered to that row', async () => {
    const { fetchMock } = await openLog({
      [`GET ${ADMIN_PATHS.auditVerify}`]: {
        body: {
          success: true,
          data: {
            ok: false,
            checked: 80,
            headHash: 'f'.repeat(64),
            problems: [
              { id: 12, problem: 'content does not match its hash (the row was changed)' },
              { id: 13, problem: 'does not follow the row before it (a row was removed or inserted)' },
            ],
          },
        },
      },
      [`GET ${ADMIN_PATHS.audit}`]: (request: Request) => {
        const id = new URL(request.url).searchParams.get('id');
        return { body: paged(id ? [entry(Number(id), { reason: 'rewritten' })] : [entry(41)]) };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The chain is broken');
    expect(alert).toHaveTextContent('2 problems in 80 rows checked:');
    expect(alert).toHaveTextContent('Row #12: its content does not match its hash (the row was changed).');
    expect(alert).toHaveTextContent('Row #13: it does not follow the row before it (a row was removed or inserted).');

    fireEvent.click(within(alert).getByRole('link', { name: 'Show row #12' }));
    await waitFor(() => expect(currentLocation()).toBe('/audit?id=12'));
    await waitFor(() => expect(lastQuery(fetchMock).get('id')).toBe('12'));
    expect(await screen.findByText('Row #12')).toBeInTheDocument();
    expect(screen.getByText('Showing row #12 only.')).toBeInTheDocument();
    // The report stays on screen while the operator looks at the rows it names.
    expect(screen.getByRole('alert')).toHaveTextContent('Row #13');

    fireEvent.click(screen.getByRole('button', { name: 'Show all rows' }));
    await waitFor(() => expect(currentLocation()).toBe('/audit'));
  });

  it('counts in plural forms: 1 problem in 1 row checked', async () => {
    await openLog({
      [`GET ${ADMIN_PATHS.auditVerify}`]: {
        body: {
          success: true,
          data: { ok: false, checked: 1, headHash: null, problems: [{ id: 1, problem: 'content does not match' }] },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 problem in 1 row checked:');
  });

  it('a failed verification shows the server’s message', async () => {
    await openLog({
      [`GET ${ADMIN_PATHS.auditVerify}`]: {
        status: 503,
        body: errorBody(503, 'The database is busy.', 'INTERNAL_ERROR'),
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The chain could not be verified');
    expect(alert).toHaveTextContent('The database is busy.');
  });
});
