import './payouts.css';
import { PAYOUT_STATUSES, type PayoutItem, type ReconciliationReport } from '@app/contracts/payouts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePayoutActions, usePayouts, useReconciliation } from '@/features/payouts/api/payouts';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { usePayoutSummary } from '@/lib/payout-summary';
import { useSessionStore } from '@/stores/session-store';

const DEFAULTS = { status: '' };
const BANK_REFERENCE = /^[A-Za-z0-9_.:/-]{3,100}$/;

/** Today in Bangkok, YYYY-MM-DD. */
const bangkokToday = () => new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);

type Action = { kind: 'retry' | 'markPaid'; payout: PayoutItem };

/**
 * Payouts through the bank connector: every approved withdrawal's
 * transfer, in flight (PENDING, UNKNOWN: the reconciler asks the bank by
 * reference), PAID with the bank's reference, or FAILED (refused: the
 * withdrawal is back in the queue). An operator asks the bank again now; an
 * admin records a refused payout paid by hand. Below: today's times and the
 * reconciliation of a day, the ledger against the bank's statement.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const payouts = usePayouts({ ...values, page });
  const summary = usePayoutSummary();
  const { retry, markPaid, refresh } = usePayoutActions();
  const isAdmin = useSessionStore((state) => state.session?.operator.role === 'admin');
  const [action, setAction] = useState<Action | null>(null);
  const [bankReference, setBankReference] = useState('');
  const referenceId = useId();

  const statusLabel = (status: PayoutItem['status']) => t(`payouts.status.${status}`);

  return (
    <>
      <PageHeader title={t('payouts.title')} />
      <p className="muted">{t('payouts.intro')}</p>
      {summary.data && (
        <>
          {!summary.data.connector && <Alert tone="info">{t('payouts.noConnector')}</Alert>}
          <dl className="payout-summary" data-testid="payout-summary">
            <div className="payout-summary__tile">
              <dt>{t('payouts.paidToday')}</dt>
              <dd>
                {summary.data.paidToday} · {formatMoney(summary.data.paidTodayAmount)}
              </dd>
            </div>
            <div className="payout-summary__tile">
              <dt>{t('payouts.median')}</dt>
              <dd>
                {summary.data.medianSeconds === null
                  ? '–'
                  : t('payouts.seconds', { value: summary.data.medianSeconds })}
              </dd>
            </div>
            <div className="payout-summary__tile">
              <dt>{t('payouts.p95')}</dt>
              <dd>
                {summary.data.p95Seconds === null ? '–' : t('payouts.seconds', { value: summary.data.p95Seconds })}
              </dd>
            </div>
            <div className="payout-summary__tile">
              <dt>{t('payouts.inFlight')}</dt>
              <dd>{summary.data.inFlight}</dd>
            </div>
            <div className="payout-summary__tile">
              <dt>{t('payouts.failed')}</dt>
              <dd>{summary.data.failed}</dd>
            </div>
            <div className="payout-summary__tile">
              <dt>{t('payouts.raised')}</dt>
              <dd>{summary.data.debitsWithoutPayout + summary.data.payoutsWithoutDebit}</dd>
            </div>
          </dl>
        </>
      )}
      <div className="filter-bar">
        <SelectFilter
          label={t('common.status')}
          value={values.status}
          options={[['', t('payouts.all')], ...PAYOUT_STATUSES.map((status) => [status, statusLabel(status)] as const)]}
          onChange={(status) => set({ status })}
        />
        {payouts.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <PagedList query={payouts} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('payouts.reference')}</th>
                  <th scope="col">{t('payouts.player')}</th>
                  <th scope="col">{t('payouts.to')}</th>
                  <th scope="col" className="num">
                    {t('payouts.amount')}
                  </th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('payouts.approvedBy')}</th>
                  <th scope="col">{t('payouts.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((payout) => (
                  <tr key={payout.id} data-testid="payout-row">
                    <td data-label={t('payouts.reference')} className="mono">
                      {payout.reference}
                      <div className="muted">{formatDateTime(payout.createdAt)}</div>
                    </td>
                    <td data-label={t('payouts.player')}>
                      {payout.player.fullName}
                      <div className="muted">{payout.player.username}</div>
                    </td>
                    <td data-label={t('payouts.to')} className="mono">
                      {payout.toBankCode} {payout.toAccount}
                    </td>
                    <td data-label={t('payouts.amount')} className="num">
                      {formatMoney(payout.amount)}
                    </td>
                    <td data-label={t('common.status')}>
                      <StatusBadge status={payout.status} label={statusLabel(payout.status)} />
                      {payout.bankReference && (
                        <div className="muted mono">
                          {t('payouts.bankRef', { reference: payout.bankReference })}
                          {payout.paidByHand && ` · ${t('payouts.byHand', { name: payout.paidByHand })}`}
                        </div>
                      )}
                      {payout.status === 'PAID' && !payout.debitMatched && (
                        <div className="muted">{t('payouts.noDebitYet')}</div>
                      )}
                      {payout.lastError && payout.status !== 'PAID' && <div className="muted">{payout.lastError}</div>}
                    </td>
                    <td data-label={t('payouts.approvedBy')}>
                      {payout.approvedBy === 'auto' ? t('payouts.byRules') : payout.approvedBy}
                    </td>
                    <td data-label={t('payouts.actions')}>
                      <div className="table__actions">
                        {(payout.status === 'PENDING' || payout.status === 'UNKNOWN') && (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => setAction({ kind: 'retry', payout })}
                          >
                            {t('payouts.retry')}
                          </button>
                        )}
                        {payout.status === 'FAILED' && isAdmin && (
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => {
                              setBankReference('');
                              setAction({ kind: 'markPaid', payout });
                            }}
                          >
                            {t('payouts.markPaid')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      <ReconciliationSection />
      {action?.kind === 'retry' && (
        <DecisionDialog
          title={t('payouts.retryTitle')}
          confirmLabel={t('payouts.retry')}
          reason="optional"
          successText={t('payouts.retryDone')}
          onConfirm={() => retry(action.payout)}
          onSettled={refresh}
          onClose={() => setAction(null)}
        >
          <p>
            {t('payouts.retryHint', { reference: action.payout.reference, amount: formatMoney(action.payout.amount) })}
          </p>
        </DecisionDialog>
      )}
      {action?.kind === 'markPaid' && (
        <DecisionDialog
          title={t('payouts.markPaidTitle')}
          confirmLabel={t('payouts.markPaid')}
          reason="optional"
          successText={t('payouts.markPaidDone')}
          confirmDisabled={!BANK_REFERENCE.test(bankReference.trim())}
          onConfirm={({ reason }) => markPaid(action.payout, bankReference.trim(), reason)}
          onSettled={refresh}
          onClose={() => setAction(null)}
        >
          <p>
            {t('payouts.markPaidHint', {
              amount: formatMoney(action.payout.amount),
              account: `${action.payout.toBankCode} ${action.payout.toAccount}`,
              name: action.payout.toName,
            })}
          </p>
          <FormField id={referenceId} label={t('payouts.bankReferenceLabel')}>
            <input
              id={referenceId}
              value={bankReference}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setBankReference(event.target.value)}
            />
          </FormField>
        </DecisionDialog>
      )}
    </>
  );
}

/** The reconciliation of a Bangkok day: what the ledger paid against what the bank debited, every difference listed. */
function ReconciliationSection() {
  const { t } = useTranslation();
  const dayId = useId();
  const [day, setDay] = useState(bangkokToday);
  const report = useReconciliation(day);
  return (
    <section className="reconciliation" aria-labelledby={`${dayId}-title`}>
      <h2 id={`${dayId}-title`}>{t('payouts.reconciliation')}</h2>
      <div className="filter-bar">
        <FormField id={dayId} label={t('payouts.day')}>
          <input
            id={dayId}
            type="date"
            value={day}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </FormField>
        {report.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      {report.data && <ReconciliationBody report={report.data} />}
    </section>
  );
}

function ReconciliationBody({ report }: { report: ReconciliationReport }) {
  const { t } = useTranslation();
  return (
    <div data-testid="reconciliation">
      <div className="reconciliation__totals">
        <div>
          <span>{t('payouts.ledgerPaid')}</span>
          <strong>
            {report.ledgerPaidCount} · {formatMoney(report.ledgerPaidTotal)}
          </strong>
        </div>
        <div>
          <span>{t('payouts.bankDebited')}</span>
          <strong>
            {report.bankDebitCount} · {formatMoney(report.bankDebitTotal)}
          </strong>
        </div>
        <div>
          <span>{t('payouts.matched')}</span>
          <strong>{report.matched}</strong>
        </div>
        <div>
          <span>{t('payouts.bankBalance')}</span>
          <strong>{report.bankBalance === null ? t('payouts.bankSilent') : formatMoney(report.bankBalance)}</strong>
        </div>
      </div>
      {report.differences.length === 0 ? (
        <Alert tone="success">{t('payouts.noDifferences')}</Alert>
      ) : (
        <div className="table-box">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('payouts.difference')}</th>
                <th scope="col">{t('payouts.reference')}</th>
                <th scope="col" className="num">
                  {t('payouts.ledgerAmount')}
                </th>
                <th scope="col" className="num">
                  {t('payouts.bankAmount')}
                </th>
                <th scope="col">{t('payouts.at')}</th>
              </tr>
            </thead>
            <tbody>
              {report.differences.map((difference) => (
                <tr
                  key={`${difference.kind}-${difference.reference}-${difference.bankReference}`}
                  data-testid="difference-row"
                >
                  <td data-label={t('payouts.difference')}>{t(`payouts.kind.${difference.kind}`)}</td>
                  <td data-label={t('payouts.reference')} className="mono">
                    {difference.reference ?? '–'}
                    {difference.bankReference && <div className="muted">{difference.bankReference}</div>}
                  </td>
                  <td data-label={t('payouts.ledgerAmount')} className="num">
                    {difference.ledgerAmount === null ? '–' : formatMoney(difference.ledgerAmount)}
                  </td>
                  <td data-label={t('payouts.bankAmount')} className="num">
                    {difference.bankAmount === null ? '–' : formatMoney(difference.bankAmount)}
                  </td>
                  <td data-label={t('payouts.at')}>{formatDateTime(difference.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
