import { type AdminCashbackPayout, CASHBACK_STATUSES, type CashbackStatus } from '@app/contracts/cashback';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useCashbackPayouts } from '@/features/cashback/api/cashback';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: '' };
const statusOf = (value: string): CashbackStatus | undefined => CASHBACK_STATUSES.find((status) => status === value);
const baht = (satang: number) => formatMoney(satang / 100);

/** The payouts, newest period first: paid, passed over (with the reason), or waiting; the filter and page live in the address. */
export function CashbackPayouts() {
  const { t } = useTranslation();
  const titleId = useId();
  const filterId = useId();
  const { values, page, set } = useListParams(DEFAULTS);
  const status = statusOf(values.status);
  const payouts = useCashbackPayouts({ status, page });
  const columns: Column<AdminCashbackPayout>[] = [
    { header: t('loyalty.player'), cell: (p) => <Link to={playerPage(p.playerId)}>{p.username}</Link> },
    {
      header: t('cashback.periodColumn'),
      cell: (p) => `${formatDateTime(p.periodStart)} – ${formatDateTime(p.periodEnd)}`,
    },
    { header: t('cashback.baseColumn'), numeric: true, cell: (p) => baht(p.baseSatang) },
    { header: t('cashback.amount'), numeric: true, cell: (p) => baht(p.amountSatang) },
    {
      header: t('cashback.turnover'),
      numeric: true,
      cell: (p) => (p.turnoverRequiredSatang === 0 ? '—' : baht(p.turnoverRequiredSatang)),
    },
    {
      header: t('common.status'),
      cell: (p) => (
        <>
          <StatusBadge status={p.status} label={t(`cashback.status_${p.status}`)} />
          {p.reason && <div className="muted">{t(`cashback.reason_${p.reason}`, { defaultValue: p.reason })}</div>}
          {p.paidAt && <div className="muted">{formatDateTime(p.paidAt)}</div>}
        </>
      ),
    },
  ];
  return (
    <section className="catalogue" aria-labelledby={titleId}>
      <div className="catalogue__header">
        <h2 id={titleId} className="catalogue__title">
          {t('cashback.payouts')}
        </h2>
        <div className="field field--inline">
          <label htmlFor={filterId}>{t('common.status')}</label>
          <select id={filterId} value={status ?? ''} onChange={(event) => set({ status: event.target.value })}>
            <option value="">{t('cashback.all')}</option>
            {CASHBACK_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`cashback.status_${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <DataTable
        query={payouts}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        empty={t('cashback.noPayouts')}
        columns={columns}
        rowKey={(p) => p.id}
        rowTestId="cashback-payout-row"
      />
    </section>
  );
}
