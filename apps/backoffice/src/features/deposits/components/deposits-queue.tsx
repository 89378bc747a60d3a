import './deposits-queue.css';
import type { DepositItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { QueueFilters } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useDepositDecision, useDeposits } from '@/features/deposits/api/deposits';
import { SlipDialog } from '@/features/deposits/components/slip-dialog';
import { bankDisplayName } from '@/lib/banks';
import { formatAge, formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'WAITING', sort: 'oldest', q: '' };
const STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

type Pending = { item: DepositItem; decision: 'approve' | 'reject' };

/** What the slip's QR said: its reference, the sending bank and whether its checksum holds. */
function QrFacts({ item }: { item: DepositItem }) {
  const { t } = useTranslation();
  const slip = item.slip;
  if (!slip) return <span className="muted">{t('deposits.noSlip')}</span>;
  if (!slip.qrFound) return <span>{t('deposits.noQr')}</span>;
  let crc: React.ReactNode;
  if (slip.crcValid === true) crc = <span className="crc--valid">{t('deposits.crcValid')}</span>;
  else if (slip.crcValid === false) crc = <span className="crc--invalid">{t('deposits.crcInvalid')}</span>;
  else crc = <span className="muted">{t('deposits.crcAbsent')}</span>;
  return (
    <dl className="qr-facts">
      <div>
        <dt>{t('deposits.reference')}</dt>
        <dd className="mono">{slip.reference ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('deposits.sendingBank')}</dt>
        <dd>{bankDisplayName(slip.sendingBankCode ?? slip.sendingBank) ?? slip.sendingBank ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('deposits.crc')}</dt>
        <dd>{crc}</dd>
      </div>
    </dl>
  );
}

/** The server's reasons to look twice, each explained; a code this screen does not know yet is shown as it came. */
function Warnings({ codes }: { codes: string[] }) {
  const { t, i18n } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <ul className="deposit-warnings">
      {codes.map((code) => {
        const known = i18n.exists(`deposits.warningTitle.${code}`);
        return (
          <li key={code} className="deposit-warnings__item">
            <strong>{known ? t(`deposits.warningTitle.${code}`) : code}</strong>
            {known && t(`deposits.warningHelp.${code}`)}
          </li>
        );
      })}
    </ul>
  );
}

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

  return (
    <>
      <PageHeader title={t('deposits.title')} />
      <QueueFilters
        search={{ label: t('deposits.filterLabel'), placeholder: t('deposits.filterPlaceholder') }}
        statuses={STATUSES.map((status) => [status, statusLabel(status)] as const)}
        values={values}
        set={set}
        busy={deposits.isFetching}
      />
      <PagedList query={deposits} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('deposits.player')}</th>
                  <th scope="col" className="num">
                    {t('deposits.amount')}
                  </th>
                  <th scope="col">{t('deposits.requestedAt')}</th>
                  <th scope="col">{t('deposits.slip')}</th>
                  <th scope="col">{t('deposits.warnings')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('deposits.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-testid="deposit-row">
                    <td data-label={t('deposits.player')}>
                      {/* One block per cell: on a phone the cell is a row of the card, label then value. */}
                      <div>
                        <Link to={playerPage(item.player.id)}>{item.player.fullName}</Link>
                        <div className="muted">
                          {item.player.username} · {item.player.phoneNumber}
                        </div>
                      </div>
                    </td>
                    <td data-label={t('deposits.amount')} className="num">
                      {formatMoney(item.amount)}
                    </td>
                    <td data-label={t('deposits.requestedAt')}>
                      <div>
                        {formatDateTime(item.createdAt)}
                        {item.status === 'WAITING' && (
                          <div className="muted">
                            {t('deposits.age')}: {formatAge(item.createdAt)}
                          </div>
                        )}
                      </div>
                    </td>
                    <td data-label={t('deposits.slip')}>
                      <div>
                        <QrFacts item={item} />
                        {item.bankTransferId !== null && (
                          <div className="muted">{t('deposits.transferLinked', { id: item.bankTransferId })}</div>
                        )}
                      </div>
                    </td>
                    <td data-label={t('deposits.warnings')}>
                      {item.warnings.length > 0 ? (
                        <Warnings codes={item.warnings} />
                      ) : (
                        <span className="muted">{t('deposits.noWarnings')}</span>
                      )}
                    </td>
                    <td data-label={t('common.status')}>
                      <div>
                        <StatusBadge status={item.status} label={statusLabel(item.status)} />
                        {item.decidedBy && (
                          <div className="muted">
                            {item.decidedBy} · {formatDateTime(item.decidedAt)}
                          </div>
                        )}
                        {item.reason && <div className="muted">{item.reason}</div>}
                      </div>
                    </td>
                    <td data-label={t('deposits.actions')}>
                      <div className="table__actions">
                        {item.slip && (
                          <button type="button" className="button button--small" onClick={() => setViewing(item)}>
                            {t('deposits.viewSlip')}
                            <span className="visually-hidden"> {item.player.fullName}</span>
                          </button>
                        )}
                        {item.status === 'WAITING' && (
                          <>
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
                          </>
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
      {viewing && <SlipDialog item={viewing} onClose={() => setViewing(null)} />}
      {pending && (
        <DecisionDialog
          title={t(pending.decision === 'approve' ? 'decision.approveTitle' : 'decision.rejectTitle', {
            what: t('deposits.what'),
          })}
          confirmLabel={t(pending.decision === 'approve' ? 'decision.approve' : 'decision.reject')}
          tone={pending.decision === 'approve' ? 'primary' : 'danger'}
          reason={pending.decision === 'approve' ? 'optional' : 'required'}
          successText={t(pending.decision === 'approve' ? 'decision.approved' : 'decision.rejected')}
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
        </DecisionDialog>
      )}
    </>
  );
}
