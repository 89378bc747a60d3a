import { ADMIN_PATHS } from '@app/contracts/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  currentLocation,
  errorBody,
  mockApi,
  type Routes,
  renderApp,
  requestsTo,
  signInAs,
} from '@/testing/test-utils';

const goodLedger = {
  ranAt: '2026-11-22T07:05:00Z',
  source: 'operator',
  ranBy: 'demo-operator',
  result: { ok: true, problems: [], counts: { journals: 1204, postings: 2410, accounts: 310 } },
};

const badLedger = {
  ranAt: '2026-11-22T01:00:00Z',
  source: 'cli',
  ranBy: 'cli',
  result: {
    ok: false,
    problems: ['account 12 stores balance 4201 but its postings sum to 4200'],
    counts: { journals: 1200, postings: 2400, accounts: 310 },
  },
};

const brokenChain = {
  ranAt: '2026-11-22T02:30:00Z',
  source: 'operator',
  ranBy: 'demo-admin',
  result: {
    ok: false,
    checked: 80,
    headHash: 'f'.repeat(64),
    problems: [{ id: 12, problem: 'content does not match its hash (the row was changed)' }],
  },
};

const healthBody = (data: Record<string, unknown>) => ({ body: { success: true, data } });

async function openHealth(routes: Routes) {
  const fetchMock = mockApi(routes);
  signInAs();
  renderApp('/health');
  await screen.findByRole('heading', { level: 1, name: 'Ledger health' });
  const ledger = await screen.findByRole('region', { name: 'Ledger' });
  const chain = screen.getByRole('region', { name: 'Audit log chain' });
  return { fetchMock, ledger, chain };
}

describe('deliverable 8: ledger health: the last result of each check', () => {
  it('shows when each check last ran, by whom, and OK with what it covered', async () => {
    const { ledger } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: healthBody({ ledger: goodLedger, auditChain: null }),
    });
    expect(within(ledger).getByText('OK')).toBeInTheDocument();
    expect(ledger).toHaveTextContent('Last run22 Nov 2026, 14:05:00');
    expect(ledger).toHaveTextContent('Run bydemo-operator (back office or API)');
    expect(ledger).toHaveTextContent('Checked1204 journals, 2410 postings, 310 accounts');
    expect(within(ledger).queryByRole('heading', { name: 'Problems' })).not.toBeInTheDocument();
  });

  it('shows the problems a run found; a broken audit row links to the log filtered to it', async () => {
    const { ledger, chain } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: healthBody({ ledger: badLedger, auditChain: brokenChain }),
      [`GET ${ADMIN_PATHS.audit}`]: { body: { success: true, data: { items: [], total: 0, page: 1, limit: 20 } } },
    });
    expect(within(ledger).getByText('Problems found')).toBeInTheDocument();
    expect(ledger).toHaveTextContent('Run bycli (command line)');
    expect(within(ledger).getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'account 12 stores balance 4201 but its postings sum to 4200',
    );
    expect(within(chain).getByText('Problems found')).toBeInTheDocument();
    expect(chain).toHaveTextContent('Checked80 rows');
    expect(within(chain).getByRole('list', { name: 'Problems' })).toHaveTextContent(
      'Row #12: its content does not match its hash (the row was changed).',
    );
    fireEvent.click(within(chain).getByRole('link', { name: 'Show row #12' }));
    await waitFor(() => expect(currentLocation()).toBe('/audit?id=12'));
  });

  it('counts what a check covered in plural forms: 1 journal, 1 posting, 1 account, 1 row', async () => {
    const { ledger, chain } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: healthBody({
        ledger: { ...goodLedger, result: { ...goodLedger.result, counts: { journals: 1, postings: 2, accounts: 1 } } },
        auditChain: { ...brokenChain, result: { ok: true, checked: 1, headHash: 'f'.repeat(64), problems: [] } },
      }),
    });
    expect(ledger).toHaveTextContent('Checked1 journal, 2 postings, 1 account');
    expect(chain).toHaveTextContent('Checked1 row');
  });

  it('a check that never ran says so', async () => {
    const { chain } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: healthBody({ ledger: goodLedger, auditChain: null }),
    });
    expect(within(chain).getByText('Not run yet')).toBeInTheDocument();
    expect(chain).toHaveTextContent('This check has not run yet.');
  });
});

describe('deliverable 8: ledger health: Run now', () => {
  it('runs the ledger check and shows the new result', async () => {
    let ran = false;
    const { fetchMock, ledger } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: () => healthBody({ ledger: ran ? goodLedger : badLedger, auditChain: null }),
      [`GET ${ADMIN_PATHS.ledgerCheck}`]: () => {
        ran = true;
        return { body: { success: true, data: goodLedger.result } };
      },
    });
    expect(within(ledger).getByText('Problems found')).toBeInTheDocument();
    fireEvent.click(within(ledger).getByRole('button', { name: 'Run now (Ledger)' }));
    expect(await within(ledger).findByText('OK')).toBeInTheDocument();
    expect(ledger).toHaveTextContent('Run bydemo-operator (back office or API)');
    expect(within(ledger).queryByRole('list', { name: 'Problems' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.ledgerCheck}`)).toHaveLength(1);
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.auditVerify}`)).toHaveLength(0);
    expect(within(ledger).getByRole('button', { name: 'Run now (Ledger)' })).toBeEnabled();
  });

  it('runs the audit chain verification and shows the new result', async () => {
    let ran = false;
    const verified = {
      ranAt: '2026-11-22T08:00:00Z',
      source: 'operator',
      ranBy: 'demo-operator',
      result: { ok: true, checked: 81, headHash: 'e'.repeat(64), problems: [] },
    };
    const { fetchMock, chain } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: () => healthBody({ ledger: null, auditChain: ran ? verified : brokenChain }),
      [`GET ${ADMIN_PATHS.auditVerify}`]: () => {
        ran = true;
        return { body: { success: true, data: verified.result } };
      },
    });
    fireEvent.click(within(chain).getByRole('button', { name: 'Run now (Audit log chain)' }));
    expect(await within(chain).findByText('OK')).toBeInTheDocument();
    expect(chain).toHaveTextContent('Last run22 Nov 2026, 15:00:00');
    expect(chain).toHaveTextContent('Checked81 rows');
    expect(requestsTo(fetchMock, `GET ${ADMIN_PATHS.auditVerify}`)).toHaveLength(1);
  });

  it('a failed run shows the server’s message and keeps the last result', async () => {
    const { ledger } = await openHealth({
      [`GET ${ADMIN_PATHS.health}`]: healthBody({ ledger: badLedger, auditChain: null }),
      [`GET ${ADMIN_PATHS.ledgerCheck}`]: {
        status: 503,
        body: errorBody(503, 'The database is busy.', 'INTERNAL_ERROR'),
      },
    });
    fireEvent.click(within(ledger).getByRole('button', { name: 'Run now (Ledger)' }));
    const alert = await within(ledger).findByRole('alert');
    expect(alert).toHaveTextContent('The check could not run');
    expect(alert).toHaveTextContent('The database is busy.');
    expect(within(ledger).getByText('Problems found')).toBeInTheDocument();
  });
});
