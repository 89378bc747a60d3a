import './transfers-queue.css';
import { BANK_TRANSFER_STATUSES, type BankTransferItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { PlayerCell, statusColumn } from '@/components/ui/queue-cells';
import { QueuePage } from '@/components/ui/queue-table';
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
      HELD: t('transfers.statusHeld'),
      RETURNED: t('transfers.statusReturned'),
    })[status] ?? status;

  const columns: Column<BankTransferItem>[] = [
    { header: t('transfers.reference'), className: 'mono', cell: (item) => item.reference },
    {
      header: t('transfers.from'),
      cell: (item) => (
        <div>
          {bankDisplayName(item.bankCode ?? item.fromBankCode) ?? item.fromBankCode}
          {/* As the statement showed it: banks hide some digits of the sender's account. */}
          <div className="mono transfer-account">{item.fromAccount}</div>
        </div>
      ),
    },
    { header: t('transfers.to'), className: 'mono', cell: (item) => item.toAccount },
    { header: t('transfers.amount'), numeric: true, cell: (item) => formatMoney(item.amount) },
    {
      header: t('transfers.transferredAt'),
      cell: (item) => (
        <div>
          {formatDateTime(item.transferredAt)}
          {/* When the feed reported it: a late statement explains a late match. */}
          <div className="muted">
            {t('transfers.receivedAt')}: {formatDateTime(item.receivedAt)}
          </div>
        </div>
      ),
    },
    statusColumn(t('common.status'), statusLabel, (item) => item.note),
    {
      header: t('transfers.player'),
      cell: (item) =>
        item.player ? <PlayerCell player={item.player} /> : <span className="muted">{t('transfers.noPlayer')}</span>,
    },
    {
      header: t('transfers.actions'),
      cell: (item) =>
        item.status === 'UNMATCHED' && (
          <div className="table__actions">
            <button type="button" className="button button--primary button--small" onClick={() => setAssigning(item)}>
              {t('transfers.assign')}
              <span className="visually-hidden"> {item.reference}</span>
            </button>
          </div>
        ),
    },
  ];

  return (
    <QueuePage
      section="transfers"
      statuses={BANK_TRANSFER_STATUSES}
      statusLabel={statusLabel}
      values={values}
      set={set}
      query={transfers}
      page={page}
      columns={columns}
      rowTestId="transfer-row"
    >
      {assigning && <AssignTransferDialog transfer={assigning} onClose={() => setAssigning(null)} />}
    </QueuePage>
  );
}
