import type { WithdrawalItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { QueueFilters } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
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
  const { values, page, set } = useListParams(DEFAULTS);
  const withdrawals = useWithdrawals({ ...values, page });
  const { decide, refresh } = useWithdrawalDecision();
  const [pending, setPending] = useState<Pending | null>(null);

  const statusLabel = (status: string) =>
    ({
      WAITING: t('withdrawals.statusWaiting'),
      APPROVED: t('withdrawals.statusApproved'),
      REJECTED: t('withdrawals.statusRejected'),
    })[status] ?? status;

  return (
    <>
      <PageHeader title={t('withdrawals.title')} />
      <QueueFilters
        search={{ label: t('withdrawals.filterLabel'), placeholder: t('withdrawals.filterPlaceholder') }}
        statuses={STATUSES.map((status) => [status, statusLabel(status)] as const)}
        values={values}
        set={set}
        busy={withdrawals.isFetching}
      />
      <PagedList query={withdrawals} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
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
        )}
      </PagedList>
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
