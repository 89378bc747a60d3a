import type { AdminHeldDeposit } from '@app/contracts/protection';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { SelectFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { statusColumn } from '@/components/ui/queue-cells';
import { Spinner } from '@/components/ui/spinner';
import { playerPage } from '@/config/paths';
import { type HeldDecision, useDecideHeld, useHeldDeposits } from '@/features/held-deposits/api/held-deposits';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'HELD' };

/**
 * Deposits held for players: money that arrived by bank transfer
 * while the player was over their deposit limit or excluded. It is in no
 * wallet. An operator returns it to the player's registered bank account (a
 * withdrawal paid like any other) or, when the player asks and it is right,
 * releases it into their wallet; either is recorded with the reason. Players
 * can return it themselves from Play safe.
 */
export function HeldDepositsPage() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const held = useHeldDeposits({ ...values, page });
  const { decide, refresh } = useDecideHeld();
  const [deciding, setDeciding] = useState<{ held: AdminHeldDeposit; decision: HeldDecision } | null>(null);
  const columns: Column<AdminHeldDeposit>[] = [
    {
      header: t('held.player'),
      cell: (item) => (
        <div>
          <Link to={playerPage(item.playerId)}>{item.username}</Link>
          <div className="muted">{item.fullName}</div>
        </div>
      ),
    },
    { header: t('held.amount'), numeric: true, cell: (item) => formatMoney(item.amount) },
    { header: t('held.reason'), cell: (item) => t(`held.reason_${item.reason}`) },
    { header: t('held.reference'), className: 'mono', cell: (item) => item.reference },
    { header: t('held.arrived'), cell: (item) => formatDateTime(item.createdAt) },
    statusColumn(
      t('common.status'),
      (status) => t(`held.status_${status}`),
      () => null,
    ),
    {
      header: t('held.actions'),
      cell: (item) =>
        item.status === 'HELD' && (
          <div className="table__actions">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => setDeciding({ held: item, decision: 'return' })}
            >
              {t('held.return')}
              <span className="visually-hidden"> {item.reference}</span>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => setDeciding({ held: item, decision: 'release' })}
            >
              {t('held.release')}
              <span className="visually-hidden"> {item.reference}</span>
            </button>
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('held.title')} />
      <p className="muted">{t('held.intro')}</p>
      <div className="filter-bar">
        <SelectFilter
          label={t('common.status')}
          value={values.status}
          options={[
            ['HELD', t('held.status_HELD')],
            ['RETURNED', t('held.status_RETURNED')],
            ['RELEASED', t('held.status_RELEASED')],
            ['ALL', t('held.statusAll')],
          ]}
          onChange={(status) => set({ status })}
        />
        {held.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <DataTable
        query={held}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId="held-row"
      />
      {deciding && (
        <DecisionDialog
          title={t(deciding.decision === 'return' ? 'held.returnTitle' : 'held.releaseTitle', {
            amount: formatMoney(deciding.held.amount),
            player: deciding.held.username,
          })}
          confirmLabel={t(deciding.decision === 'return' ? 'held.return' : 'held.release')}
          reason="required"
          successText={t(deciding.decision === 'return' ? 'held.returned' : 'held.released')}
          onConfirm={({ reason }) => decide(deciding.held, deciding.decision, reason)}
          onSettled={refresh}
          onClose={() => {
            setDeciding(null);
            refresh();
          }}
        >
          <p>{t(deciding.decision === 'return' ? 'held.returnHint' : 'held.releaseHint')}</p>
        </DecisionDialog>
      )}
    </>
  );
}
