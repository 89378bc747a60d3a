import './loyalty.css';
import { type AdminRedemption, REDEMPTION_STATUSES, type RedemptionStatus } from '@app/contracts/loyalty';
import { formatPoints } from '@app/contracts/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useRedemptions } from '@/features/loyalty/api/loyalty';
import { type Pending, RedemptionDecisionDialog } from '@/features/loyalty/components/redemption-decision-dialog';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'WAITING' };

/** The status in the address, if it is one; anything else shows the queue rather than a failed call. */
const statusOf = (value: string): RedemptionStatus =>
  REDEMPTION_STATUSES.find((status) => status === value) ?? 'WAITING';

/**
 * The reward fulfilment queue: item rewards waiting to be sent,
 * oldest first, with who to send them to (name, phone, LINE). An operator
 * marks one sent with a note the player sees, or cancels it (the points
 * return to the player). The other statuses list what was decided. The
 * status and page live in the address.
 */
export function RedemptionsQueue() {
  const { t } = useTranslation();
  const filterId = useId();
  const { values, page, set } = useListParams(DEFAULTS);
  const status = statusOf(values.status);
  const redemptions = useRedemptions({ status, page });
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const statusLabel = (value: RedemptionStatus) => t(`loyalty.redemption_${value}`);
  const decide = (item: AdminRedemption, action: Pending['action']) => {
    setDone(null);
    setPending({ item, action });
  };
  const columns: Column<AdminRedemption>[] = [
    {
      header: t('loyalty.player'),
      cell: (item) => (
        <>
          <Link to={playerPage(item.playerId)}>{item.fullName}</Link>
          <div className="muted mono">{item.username}</div>
        </>
      ),
    },
    {
      header: t('loyalty.contact'),
      cell: (item) => (
        <>
          <div className="mono">{item.phoneNumber}</div>
          {item.lineId && <div className="muted">LINE {item.lineId}</div>}
        </>
      ),
    },
    {
      header: t('loyalty.reward'),
      cell: (item) => (
        <>
          {item.rewardName}
          {item.creditAmount !== null && <div className="muted">{formatMoney(item.creditAmount)}</div>}
        </>
      ),
    },
    { header: t('loyalty.points'), numeric: true, cell: (item) => formatPoints(item.points) },
    { header: t('loyalty.redeemedAt'), cell: (item) => formatDateTime(item.createdAt) },
    {
      header: t('common.status'),
      cell: (item) => (
        <>
          <StatusBadge status={item.status} label={statusLabel(item.status)} />
          {item.note && <div className="muted">{item.note}</div>}
          {item.decidedBy && (
            <div className="muted">
              {item.decidedBy} · {formatDateTime(item.decidedAt)}
            </div>
          )}
        </>
      ),
    },
    {
      header: t('loyalty.actions'),
      cell: (item) =>
        item.status === 'WAITING' && (
          <div className="table__actions">
            <button type="button" className="button button--small button--primary" onClick={() => decide(item, 'send')}>
              {t('loyalty.markSent')}
              <span className="visually-hidden"> {item.fullName}</span>
            </button>
            <button type="button" className="button button--small" onClick={() => decide(item, 'cancel')}>
              {t('loyalty.cancelRedemption')}
              <span className="visually-hidden"> {item.fullName}</span>
            </button>
          </div>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t('loyalty.redemptionsTitle')} subtitle={t('loyalty.redemptionsIntro')}>
        <div className="field field--inline">
          <label htmlFor={filterId}>{t('common.status')}</label>
          <select id={filterId} value={status} onChange={(event) => set({ status: event.target.value })}>
            {REDEMPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </PageHeader>
      {done && <Alert tone="success">{done}</Alert>}
      <DataTable
        query={redemptions}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        empty={t('loyalty.noRedemptions')}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId="redemption-row"
      />
      {pending && (
        <RedemptionDecisionDialog
          pending={pending}
          onClose={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}
