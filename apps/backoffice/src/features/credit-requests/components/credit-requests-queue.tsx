import { CREDIT_REQUEST_STATUSES, type CreditRequestItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { SelectFilter, SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PlayerCell, statusColumn } from '@/components/ui/queue-cells';
import { type Decision, DecisionButtons, QueueDecisionDialog } from '@/components/ui/queue-decision';
import { Spinner } from '@/components/ui/spinner';
import { useCreditRequestDecision, useCreditRequests } from '@/features/credit-requests/api/credit-requests';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { useSessionStore } from '@/stores/session-store';

const DEFAULTS = { status: 'WAITING', sort: 'oldest' };

type Pending = { item: CreditRequestItem; decision: Decision };

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

  const columns: Column<CreditRequestItem>[] = [
    { header: t('creditRequests.player'), cell: (item) => <PlayerCell player={item.player} /> },
    { header: t('creditRequests.amount'), numeric: true, cell: (item) => formatMoney(item.amount) },
    {
      header: t('common.reason'),
      cell: (item) => (
        <div>
          {item.reason}
          {item.asDeposit && <div className="muted">{t('players.asDepositTag')}</div>}
        </div>
      ),
    },
    {
      header: t('creditRequests.requestedBy'),
      cell: (item) => (
        <div>
          {item.requestedBy}
          <div className="muted">{formatDateTime(item.requestedAt)}</div>
        </div>
      ),
    },
    statusColumn(t('common.status'), statusLabel, (item) => item.decisionReason),
    {
      header: t('creditRequests.actions'),
      cell: (item) =>
        mayDecide(item) ? (
          <div className="table__actions">
            <DecisionButtons name={item.player.fullName} onDecide={(decision) => setPending({ item, decision })} />
          </div>
        ) : (
          item.status === 'WAITING' && <span className="muted">{t('creditRequests.secondAdmin')}</span>
        ),
    },
  ];

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
      <DataTable
        query={requests}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId="credit-request-row"
      />
      {pending && (
        <QueueDecisionDialog
          decision={pending.decision}
          what={t('creditRequests.what')}
          approvedText={t('creditRequests.approved')}
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
        </QueueDecisionDialog>
      )}
    </>
  );
}
