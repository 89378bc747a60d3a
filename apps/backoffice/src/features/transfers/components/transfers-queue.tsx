import './transfers-queue.css';
import { BANK_TRANSFER_STATUSES, type BankTransferItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueueFilters } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useBankTransfers } from '@/features/transfers/api/transfers';
import { AssignTransferDialog } from '@/features/transfers/components/assign-transfer-dialog';
import { bankDisplayName } from '@/lib/banks';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'UNMATCHED', sort: 'oldest', q: '' };

/**
 * The bank transfers the statement feed reported: those no player could be
 * found for wait here (UNMATCHED) until an operator gives each to a player
 * with a reason; credited and assigned ones show who they went to and who
 * decided. Paged, filtered and sorted by the address; refreshes itself.
 */
export function TransfersQueue() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const transfers = useBankTransfers({ ...values, page });
  const [assigning, setAssigning] = useState<BankTransferItem | null>(null);

  const statusLabel = (status: string) =>
    ({
      UNMATCHED: t('transfers.statusUnmatched'),
      CREDITED: t('transfers.statusCredited'),
      ASSIGNED: t('transfers.statusAssigned'),
      MISMATCH: t('transfers.statusMismatch'),
    })[status] ?? status;

  return (
    <>
      <PageHeader title={t('transfers.title')} />
      <QueueFilters
        search={{ label: t('transfers.filterLabel'), placeholder: t('transfers.filterPlaceholder') }}
        statuses={BANK_TRANSFER_STATUSES.map((status) => [status, statusLabel(status)] as const)}
        values={values}
        set={set}
        busy={transfers.isFetching}
      />
      <PagedList query={transfers} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('transfers.reference')}</th>
                  <th scope="col">{t('transfers.from')}</th>
                  <th scope="col">{t('transfers.to')}</th>
                  <th scope="col" className="num">
                    {t('transfers.amount')}
                  </th>
                  <th scope="col">{t('transfers.transferredAt')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('transfers.player')}</th>
                  <th scope="col">{t('transfers.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-testid="transfer-row">
                    <td data-label={t('transfers.reference')} className="mono">
                      {item.reference}
                    </td>
                    <td data-label={t('transfers.from')}>
                      {/* One block per cell: on a phone the cell is a row of the card, label then value. */}
                      <div>
                        {bankDisplayName(item.bankCode ?? item.fromBankCode) ?? item.fromBankCode}
                        {/* As the statement showed it: banks hide some digits of the sender's account. */}
                        <div className="mono transfer-account">{item.fromAccount}</div>
                      </div>
                    </td>
                    <td data-label={t('transfers.to')} className="mono">
                      {item.toAccount}
                    </td>
                    <td data-label={t('transfers.amount')} className="num">
                      {formatMoney(item.amount)}
                    </td>
                    <td data-label={t('transfers.transferredAt')}>
                      <div>
                        {formatDateTime(item.transferredAt)}
                        {/* When the feed reported it: a late statement explains a late match. */}
                        <div className="muted">
                          {t('transfers.receivedAt')}: {formatDateTime(item.receivedAt)}
                        </div>
                      </div>
                    </td>
                    <td data-label={t('common.status')}>
                      <div>
                        <StatusBadge status={item.status} label={statusLabel(item.status)} />
                        {item.decidedBy && (
                          <div className="muted">
                            {item.decidedBy} · {formatDateTime(item.decidedAt)}
                          </div>
                        )}
                        {item.note && <div className="muted">{item.note}</div>}
                      </div>
                    </td>
                    <td data-label={t('transfers.player')}>
                      {item.player ? (
                        <div>
                          <Link to={playerPage(item.player.id)}>{item.player.fullName}</Link>
                          <div className="muted">
                            {item.player.username} · {item.player.phoneNumber}
                          </div>
                        </div>
                      ) : (
                        <span className="muted">{t('transfers.noPlayer')}</span>
                      )}
                    </td>
                    <td data-label={t('transfers.actions')}>
                      {item.status === 'UNMATCHED' && (
                        <div className="table__actions">
                          <button
                            type="button"
                            className="button button--primary button--small"
                            onClick={() => setAssigning(item)}
                          >
                            {t('transfers.assign')}
                            <span className="visually-hidden"> {item.reference}</span>
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
      {assigning && <AssignTransferDialog transfer={assigning} onClose={() => setAssigning(null)} />}
    </>
  );
}
