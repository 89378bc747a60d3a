import { CREDIT_REQUEST_STATUSES, type CreditRequestItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { SelectFilter, SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useCreditRequestDecision, useCreditRequests } from '@/features/credit-requests/api/credit-requests';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { useSessionStore } from '@/stores/session-store';

const DEFAULTS = { status: 'WAITING', sort: 'oldest' };

type Pending = { item: CreditRequestItem; decision: 'approve' | 'reject' };

/**
 * Manual credits above their operator's limit, waiting for a second admin:
 * who asked, for whom, how much and why. An admin who did not ask approves
 * (the credit is posted) or rejects with a reason (nothing moves); the
 * requester sees their own request without the buttons.
 */
export function CreditRequestsQueue() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const requests = useCreditRequests({ ...values, page });
  const { decide, refresh } = useCreditRequestDecision();
  const [pending, setPending] = useState<Pending | null>(null);
  const operator = useSessionStore((state) => state.session?.operator);

  const statusLabel = (status: string) =>
    ({
      WAITING: t('creditRequests.statusWaiting'),
      APPROVED: t('creditRequests.statusApproved'),
      REJECTED: t('creditRequests.statusRejected'),
    })[status] ?? status;
  const mayDecide = (item: CreditRequestItem) =>
    item.status === 'WAITING' && operator?.role === 'admin' && operator.username !== item.requestedBy;

  return (
    <>
      <PageHeader title={t('creditRequests.title')} />
      <p className="muted">{t('creditRequests.intro')}</p>
      <div className="filter-bar">
        <SelectFilter
          label={t('common.status')}
          value={values.status}
          options={CREDIT_REQUEST_STATUSES.map((status) => [status, statusLabel(status)] as const)}
          onChange={(status) => set({ status })}
        />
        <SortFilter value={values.sort} onChange={(sort) => set({ sort })} />
        {requests.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <PagedList query={requests} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('creditRequests.player')}</th>
                  <th scope="col" className="num">
                    {t('creditRequests.amount')}
                  </th>
                  <th scope="col">{t('common.reason')}</th>
                  <th scope="col">{t('creditRequests.requestedBy')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('creditRequests.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-testid="credit-request-row">
                    <td data-label={t('creditRequests.player')}>
                      <Link to={playerPage(item.player.id)}>{item.player.fullName}</Link>
                      <div className="muted">
                        {item.player.username} · {item.player.phoneNumber}
                      </div>
                    </td>
                    <td data-label={t('creditRequests.amount')} className="num">
                      {formatMoney(item.amount)}
                    </td>
                    <td data-label={t('common.reason')}>{item.reason}</td>
                    <td data-label={t('creditRequests.requestedBy')}>
                      {item.requestedBy}
                      <div className="muted">{formatDateTime(item.requestedAt)}</div>
                    </td>
                    <td data-label={t('common.status')}>
                      <StatusBadge status={item.status} label={statusLabel(item.status)} />
                      {item.decidedBy && (
                        <div className="muted">
                          {item.decidedBy} · {formatDateTime(item.decidedAt)}
                        </div>
                      )}
                      {item.decisionReason && <div className="muted">{item.decisionReason}</div>}
                    </td>
                    <td data-label={t('creditRequests.actions')}>
                      {mayDecide(item) ? (
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
                      ) : (
                        item.status === 'WAITING' && <span className="muted">{t('creditRequests.secondAdmin')}</span>
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
            what: t('creditRequests.what'),
          })}
          confirmLabel={t(pending.decision === 'approve' ? 'decision.approve' : 'decision.reject')}
          tone={pending.decision === 'approve' ? 'primary' : 'danger'}
          reason={pending.decision === 'approve' ? 'optional' : 'required'}
          successText={t(pending.decision === 'approve' ? 'creditRequests.approved' : 'decision.rejected')}
          onConfirm={({ reason, idempotencyKey }) => decide(pending.item, pending.decision, reason, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <p>
            {t(pending.decision === 'approve' ? 'creditRequests.approveHint' : 'creditRequests.rejectHint', {
              amount: formatMoney(pending.item.amount),
              name: pending.item.player.fullName,
              by: pending.item.requestedBy,
            })}
          </p>
        </DecisionDialog>
      )}
    </>
  );
}
