import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGES } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { usePayoutSummary } from '@/lib/payout-summary';

/**
 * The dashboard's payout row: withdrawals paid through the bank today (the
 * same payouts as the summary's "through the bank" and today's reconciliation), the median and p95 time from request to paid, and what needs a
 * person (payouts refused or in doubt, differences the bank feed raised).
 */
export function PayoutTiles() {
  const { t } = useTranslation();
  const summary = usePayoutSummary();
  if (!summary.data?.connector) return null;
  const data = summary.data;
  const seconds = (value: number | null) => (value === null ? '–' : t('payouts.seconds', { value }));
  const attention = data.failed + data.debitsWithoutPayout + data.payoutsWithoutDebit;
  return (
    <section className="dashboard-section" aria-labelledby="payout-tiles-title">
      <h2 id="payout-tiles-title" className="dashboard-section__title">
        {t('dashboard.payoutsTitle')}
      </h2>
      <ul className="tiles" data-testid="payout-tiles">
        <li className="tile">
          <span className="tile__label">{t('dashboard.paidThroughBankToday')}</span>
          <strong className="tile__count">{t('dashboard.count', { count: data.paidToday })}</strong>
          <span className="tile__amount">{formatMoney(data.paidTodayAmount)}</span>
          <span className="tile__hint">{t('dashboard.paidThroughBankHint')}</span>
        </li>
        <li className="tile">
          <span className="tile__label">{t('payouts.median')}</span>
          <strong className="tile__count" data-testid="payout-median">
            {seconds(data.medianSeconds)}
          </strong>
        </li>
        <li className="tile">
          <span className="tile__label">{t('payouts.p95')}</span>
          <strong className="tile__count" data-testid="payout-p95">
            {seconds(data.p95Seconds)}
          </strong>
        </li>
        <li className={`tile${attention > 0 ? ' tile--urgent' : ''}`}>
          <span className="tile__label">{t('dashboard.payoutsAttention')}</span>
          <strong className="tile__count">{t('dashboard.count', { count: attention })}</strong>
          <Link className="tile__link" to={PAGES.payouts}>
            {t('dashboard.open')} <span className="visually-hidden">{t('dashboard.payoutsAttention')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
