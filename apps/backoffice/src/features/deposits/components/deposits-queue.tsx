import './deposits-queue.css';
import type { DepositItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { PlayerCell, RequestedCell, statusColumn } from '@/components/ui/queue-cells';
import { type Decision, DecisionButtons, QueueDecisionDialog } from '@/components/ui/queue-decision';
import { QueuePage } from '@/components/ui/queue-table';
import { useDepositDecision, useDeposits } from '@/features/deposits/api/deposits';
import { SlipDialog } from '@/features/deposits/components/slip-dialog';
import { QrFacts, Warnings } from '@/features/deposits/components/slip-facts';
import { formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'WAITING', sort: 'oldest', q: '' };
const STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

type Pending = { item: DepositItem; decision: Decision };

/**
 * The deposits to check: who, how much, how long it has waited, what the
 * slip's QR said and what looks wrong; the slip itself at full size; approve
 * (the player is credited) or reject with a reason. Paged, filtered and sorted
 * by the address; refreshes itself.
 */
export function DepositsQueue() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const deposits = useDeposits({ ...values, page });
  const { decide, refresh } = useDepositDecision();
  const [pending, setPending] = useState<Pending | null>(null);
  const [viewing, setViewing] = useState<DepositItem | null>(null);

  const statusLabel = (status: string) =>
    ({
      WAITING: t('deposits.statusWaiting'),
      APPROVED: t('deposits.statusApproved'),
      REJECTED: t('deposits.statusRejected'),
    })[status] ?? status;

  const columns: Column<DepositItem>[] = [
    { header: t('deposits.player'), cell: (item) => <PlayerCell player={item.player} /> },
    { header: t('deposits.amount'), numeric: true, cell: (item) => formatMoney(item.amount) },
    {
      header: t('deposits.requestedAt'),
      cell: (item) => (
        <RequestedCell at={item.createdAt} waiting={item.status === 'WAITING'} ageLabel={t('deposits.age')} />
      ),
    },
    {
      header: t('deposits.slip'),
      cell: (item) => (
        <div>
          <QrFacts item={item} />
          {item.bankTransferId !== null && (
            <div className="muted">{t('deposits.transferLinked', { id: item.bankTransferId })}</div>
          )}
        </div>
      ),
    },
    {
      header: t('deposits.warnings'),
      cell: (item) =>
        item.warnings.length > 0 ? (
          <Warnings codes={item.warnings} />
        ) : (
          <span className="muted">{t('deposits.noWarnings')}</span>
        ),
    },
    statusColumn(t('common.status'), statusLabel, (item) => item.reason),
    {
      header: t('deposits.actions'),
      cell: (item) => (
        <div className="table__actions">
          {item.slip && (
            <button type="button" className="button button--small" onClick={() => setViewing(item)}>
              {t('deposits.viewSlip')}
              <span className="visually-hidden"> {item.player.fullName}</span>
            </button>
          )}
          {item.status === 'WAITING' && (
            <DecisionButtons name={item.player.fullName} onDecide={(decision) => setPending({ item, decision })} />
          )}
        </div>
      ),
    },
  ];

  return (
    <QueuePage
      section="deposits"
      statuses={STATUSES}
      statusLabel={statusLabel}
      values={values}
      set={set}
      query={deposits}
      page={page}
      columns={columns}
      rowTestId="deposit-row"
    >
      {viewing && <SlipDialog item={viewing} onClose={() => setViewing(null)} />}
      {pending && (
        <QueueDecisionDialog
          decision={pending.decision}
          what={t('deposits.what')}
          onConfirm={({ reason, idempotencyKey }) => decide(pending.item, pending.decision, reason, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <dl className="deposit-facts">
            <div>
              <dt>{t('decision.player')}</dt>
              <dd>
                {pending.item.player.fullName} ({pending.item.player.username})
              </dd>
            </div>
            <div>
              <dt>{t('decision.amount')}</dt>
              <dd>{formatMoney(pending.item.amount)}</dd>
            </div>
            <div>
              <dt>{t('deposits.slipReference')}</dt>
              <dd className="mono">{pending.item.slip?.reference ?? t('deposits.noReference')}</dd>
            </div>
          </dl>
          <p>{t(pending.decision === 'approve' ? 'deposits.approveHint' : 'deposits.rejectHint')}</p>
          <Warnings codes={pending.item.warnings} />
        </QueueDecisionDialog>
      )}
    </QueuePage>
  );
}
