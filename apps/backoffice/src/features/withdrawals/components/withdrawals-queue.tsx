import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import type { WithdrawalItem } from '@app/contracts/admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useWithdrawalDecision, useWithdrawals } from '@/features/withdrawals/api/withdrawals';
import { formatAge, formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'WAITING', sort: 'oldest', q: '' };
const STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

type Pending = { item: WithdrawalItem; decision: 'approve' | 'reject' };

/**
 * The withdrawals to pay: who, which bank and account, how much, how long it
 * has waited; approve once paid, or reject with a reason (the money returns
 * to the player). Paged, filtered and sorted by the address; refreshes itself.
 */
export function WithdrawalsQueue() {
  const { t } = useTranslation();
  const ids = { q: useId(), status: useId(), sort: useId() };
  const { values, page, set } = useListParams(DEFAULTS);
  const withdrawals = useWithdrawals({ ...values, page });
  const { decide, refresh } = useWithdrawalDecision();
  const [pending, setPending] = useState<Pending | null>(null);
  const [search, setSearch] = useState(values.q);

  const statusLabel = (status: string) =>
    ({
      WAITING: t('withdrawals.statusWaiting'),
      APPROVED: t('withdrawals.statusApproved'),
      REJECTED: t('withdrawals.statusRejected'),
    })[status] ?? status;

  function onSearch(event: FormEvent) {
    event.preventDefault();
    set({ q: search.trim() });
  }

  let list: React.ReactNode;
  if (withdrawals.isPending) {
    list = <Spinner label={t('common.loading')} />;
  } else if (withdrawals.isError) {
    list = <Alert>{t('common.loadFailed')}</Alert>;
  } else if (withdrawals.data.items.length === 0) {
    list = <p className="muted">{t('common.empty')}</p>;
  } else {
    const { items, total, limit } = withdrawals.data;
    list = (
      <>
        <div className="table-box">
          <table className="table" aria-busy={withdrawals.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('withdrawals.player')}</th>
                <th scope="col">{t('withdrawals.bank')}</th>
                <th scope="col">{t('withdrawals.account')}</th>
                <th scope="col" className="num">
                  {t('withdrawals.amount')}
                </th>
                <th scope="col">{t('withdrawals.requestedAt')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('withdrawals.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid="withdrawal-row">
                  <td data-label={t('withdrawals.player')}>
                    <Link to={playerPage(item.player.id)}>{item.player.fullName}</Link>
                    <div className="muted">
                      {item.player.username} · {item.player.phoneNumber}
                    </div>
                  </td>
                  <td data-label={t('withdrawals.bank')}>{item.player.bankName}</td>
                  <td data-label={t('withdrawals.account')} className="mono">
                    {item.player.bankNumber}
                  </td>
                  <td data-label={t('withdrawals.amount')} className="num">
                    {formatMoney(item.amount)}
                  </td>
                  <td data-label={t('withdrawals.requestedAt')}>
                    {formatDateTime(item.createdAt)}
                    {item.status === 'WAITING' && (
                      <div className="muted">
                        {t('withdrawals.age')}: {formatAge(item.createdAt)}
                      </div>
                    )}
                  </td>
                  <td data-label={t('common.status')}>
                    <StatusBadge status={item.status} label={statusLabel(item.status)} />
                    {item.decidedBy && (
                      <div className="muted">
                        {item.decidedBy} · {formatDateTime(item.decidedAt)}
                      </div>
                    )}
                    {item.reason && <div className="muted">{item.reason}</div>}
                  </td>
                  <td data-label={t('withdrawals.actions')}>
                    {item.status === 'WAITING' && (
                      <div className="table__actions">
                        <button
                          type="button"
                          className="button button--primary button--small"
                          onClick={() => setPending({ item, decision: 'approve' })}
                        >
                          {t('decision.approve')}
                          <span className="visually-hidden"> {item.player.fullName}</span>
                        </button>
                        <button
                          type="button"
                          className="button button--small"
                          onClick={() => setPending({ item, decision: 'reject' })}
                        >
                          {t('decision.reject')}
                          <span className="visually-hidden"> {item.player.fullName}</span>
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} limit={limit} total={total} onPage={(next) => set({ ...values, page: next })} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('withdrawals.title')} />
      <div className="filter-bar">
        <search className="field">
          <form onSubmit={onSearch}>
            <label htmlFor={ids.q}>{t('withdrawals.filterLabel')}</label>
            <input
              id={ids.q}
              type="search"
              value={search}
              placeholder={t('withdrawals.filterPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </form>
        </search>
        <FormField id={ids.status} label={t('common.status')}>
          <select id={ids.status} value={values.status} onChange={(event) => set({ status: event.target.value })}>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.sort} label={t('common.sort')}>
          <select id={ids.sort} value={values.sort} onChange={(event) => set({ sort: event.target.value })}>
            <option value="oldest">{t('common.sortOldest')}</option>
            <option value="newest">{t('common.sortNewest')}</option>
          </select>
        </FormField>
        {withdrawals.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      {list}
      {pending && (
        <DecisionDialog
          title={t(pending.decision === 'approve' ? 'decision.approveTitle' : 'decision.rejectTitle', {
            what: t('withdrawals.what'),
          })}
          confirmLabel={t(pending.decision === 'approve' ? 'decision.approve' : 'decision.reject')}
          tone={pending.decision === 'approve' ? 'primary' : 'danger'}
          reason={pending.decision === 'approve' ? 'optional' : 'required'}
          successText={t(pending.decision === 'approve' ? 'decision.approved' : 'decision.rejected')}
          onConfirm={({ reason, idempotencyKey }) => decide(pending.item, pending.decision, reason, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <p>
            {pending.decision === 'approve'
              ? t('withdrawals.approveHint', {
                  amount: formatMoney(pending.item.amount),
                  bank: pending.item.player.bankName,
                  account: pending.item.player.bankNumber,
                  name: pending.item.player.fullName,
                })
              : t('withdrawals.rejectHint', { amount: formatMoney(pending.item.amount) })}
          </p>
        </DecisionDialog>
      )}
    </>
  );
}
