import type { ReconciliationReport } from '@app/contracts/payouts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useReconciliation } from '@/features/payouts/api/payouts';
import { formatDateTime, formatMoney } from '@/lib/format';

/** Today in Bangkok, YYYY-MM-DD. */
const bangkokToday = () => new Date(Date.now() + 7 * 3600 * 1000).toISOString().slice(0, 10);

/** The reconciliation of a Bangkok day: what the ledger paid against what the bank debited, every difference listed. */
export function ReconciliationSection() {
  const { t } = useTranslation();
  const dayId = useId();
  const [day, setDay] = useState(bangkokToday);
  const report = useReconciliation(day);
  return (
    <section className="reconciliation" aria-labelledby={`${dayId}-title`}>
      <h2 id={`${dayId}-title`}>{t('payouts.reconciliation')}</h2>
      <div className="filter-bar">
        <FormField id={dayId} label={t('payouts.day')}>
          <input
            id={dayId}
            type="date"
            value={day}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </FormField>
        {report.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      {report.data && <ReconciliationBody report={report.data} />}
    </section>
  );
}

function ReconciliationBody({ report }: { report: ReconciliationReport }) {
  const { t } = useTranslation();
  const money = (amount: number | null) => (amount === null ? '–' : formatMoney(amount));
  const columns: Column<ReconciliationReport['differences'][number]>[] = [
    { header: t('payouts.difference'), cell: (difference) => t(`payouts.kind.${difference.kind}`) },
    {
      header: t('payouts.reference'),
      className: 'mono',
      cell: (difference) => (
        <>
          {difference.reference ?? '–'}
          {difference.bankReference && <div className="muted">{difference.bankReference}</div>}
        </>
      ),
    },
    { header: t('payouts.ledgerAmount'), numeric: true, cell: (difference) => money(difference.ledgerAmount) },
    { header: t('payouts.bankAmount'), numeric: true, cell: (difference) => money(difference.bankAmount) },
    { header: t('payouts.at'), cell: (difference) => formatDateTime(difference.at) },
  ];
  return (
    <div data-testid="reconciliation">
      <div className="reconciliation__totals">
        <div>
          <span>{t('payouts.ledgerPaid')}</span>
          <strong>
            {report.ledgerPaidCount} · {formatMoney(report.ledgerPaidTotal)}
          </strong>
        </div>
        <div>
          <span>{t('payouts.bankDebited')}</span>
          <strong>
            {report.bankDebitCount} · {formatMoney(report.bankDebitTotal)}
          </strong>
        </div>
        <div>
          <span>{t('payouts.matched')}</span>
          <strong>{report.matched}</strong>
        </div>
        <div>
          <span>{t('payouts.bankBalance')}</span>
          <strong>{report.bankBalance === null ? t('payouts.bankSilent') : formatMoney(report.bankBalance)}</strong>
        </div>
      </div>
      <DataTable
        rows={report.differences}
        empty={<Alert tone="success">{t('payouts.noDifferences')}</Alert>}
        columns={columns}
        rowKey={(difference) => `${difference.kind}-${difference.reference}-${difference.bankReference}`}
        rowTestId="difference-row"
      />
    </div>
  );
}
