import type { WithdrawalItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityFlags, RiskReasons } from '@/components/payouts/risk-reasons';
import type { Column } from '@/components/ui/data-table';
import { PlayerCell, RequestedCell, statusColumn } from '@/components/ui/queue-cells';
import { type Decision, DecisionButtons, QueueDecisionDialog } from '@/components/ui/queue-decision';
import { QueuePage } from '@/components/ui/queue-table';
import { useWithdrawalDecision, useWithdrawals } from '@/features/withdrawals/api/withdrawals';
import { formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { usePayoutSummary } from '@/lib/payout-summary';

const DEFAULTS = { status: 'WAITING', sort: 'risk', q: '' };
const STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

type Pending = { item: WithdrawalItem; decision: Decision };

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
  const connector = usePayoutSummary().data?.connector === true;

  const statusLabel = (status: string) =>
    ({
      WAITING: t('withdrawals.statusWaiting'),
      APPROVED: t('withdrawals.statusApproved'),
      REJECTED: t('withdrawals.statusRejected'),
    })[status] ?? status;

  const columns: Column<WithdrawalItem>[] = [
    { header: t('withdrawals.player'), cell: (item) => <PlayerCell player={item.player} /> },
    { header: t('withdrawals.bank'), cell: (item) => item.player.bankName },
    { header: t('withdrawals.account'), className: 'mono', cell: (item) => item.player.bankNumber },
    { header: t('withdrawals.amount'), numeric: true, cell: (item) => formatMoney(item.amount) },
    {
      header: t('withdrawals.requestedAt'),
      cell: (item) => (
        <RequestedCell at={item.createdAt} waiting={item.status === 'WAITING'} ageLabel={t('withdrawals.age')} />
      ),
    },
    {
      header: t('withdrawals.risk'),
      cell: (item) => (
        <>
          {item.risk ? (
            item.risk.route === 'AUTO' ? (
              <span className="muted">{t('withdrawals.paidByRules')}</span>
            ) : (
              <RiskReasons reasons={item.risk.reasons} score={item.risk.score} />
            )
          ) : (
            <span className="muted">{t('withdrawals.notScored')}</span>
          )}
          <IdentityFlags flags={item.flags} />
        </>
      ),
    },
    statusColumn(t('common.status'), statusLabel, (item) =>
      item.payout
        ? [
            t(`payouts.status.${item.payout.status}`),
            item.payout.bankReference ? t('payouts.bankRef', { reference: item.payout.bankReference }) : '',
            item.reason ?? '',
          ]
            .filter(Boolean)
            .join(' · ')
        : item.reason,
    ),
    {
      header: t('withdrawals.actions'),
      cell: (item) =>
        item.status === 'WAITING' && (
          <div className="table__actions">
            <DecisionButtons name={item.player.fullName} onDecide={(decision) => setPending({ item, decision })} />
          </div>
        ),
    },
  ];

  return (
    <QueuePage
      section="withdrawals"
      statuses={STATUSES}
      statusLabel={statusLabel}
      values={values}
      set={set}
      query={withdrawals}
      page={page}
      columns={columns}
      rowTestId="withdrawal-row"
      sorts={[['risk', t('withdrawals.sortRisk')]]}
    >
      {pending && (
        <QueueDecisionDialog
          decision={pending.decision}
          what={t('withdrawals.what')}
          onConfirm={({ reason, idempotencyKey }) => decide(pending.item, pending.decision, reason, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <p>
            {pending.decision === 'approve'
              ? t(connector ? 'withdrawals.approveHintConnector' : 'withdrawals.approveHint', {
                  amount: formatMoney(pending.item.amount),
                  bank: pending.item.player.bankName,
                  account: pending.item.player.bankNumber,
                  name: pending.item.player.fullName,
                })
              : t('withdrawals.rejectHint', { amount: formatMoney(pending.item.amount) })}
          </p>
        </QueueDecisionDialog>
      )}
    </QueuePage>
  );
}
