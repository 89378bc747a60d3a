import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { formatMoney } from '@/lib/format';
import { usePayoutSummary } from '@/lib/payout-summary';

/** Today's payouts: how many were paid and how fast, how many are in flight or failed, what reconciliation raised. */
export function PayoutSummaryTiles() {
  const { t } = useTranslation();
  const summary = usePayoutSummary();
  if (!summary.data) return null;
  return (
    <>
      {!summary.data.connector && <Alert tone="info">{t('payouts.noConnector')}</Alert>}
      <dl className="payout-summary" data-testid="payout-summary">
        <div className="payout-summary__tile">
          <dt>{t('payouts.paidToday')}</dt>
          <dd>
            {summary.data.paidToday} · {formatMoney(summary.data.paidTodayAmount)}
          </dd>
        </div>
        <div className="payout-summary__tile">
          <dt>{t('payouts.median')}</dt>
          <dd>
            {summary.data.medianSeconds === null ? '–' : t('payouts.seconds', { value: summary.data.medianSeconds })}
          </dd>
        </div>
        <div className="payout-summary__tile">
          <dt>{t('payouts.p95')}</dt>
          <dd>{summary.data.p95Seconds === null ? '–' : t('payouts.seconds', { value: summary.data.p95Seconds })}</dd>
        </div>
        <div className="payout-summary__tile">
          <dt>{t('payouts.inFlight')}</dt>
          <dd>{summary.data.inFlight}</dd>
        </div>
        <div className="payout-summary__tile">
          <dt>{t('payouts.failed')}</dt>
          <dd>{summary.data.failed}</dd>
        </div>
        <div className="payout-summary__tile">
          <dt>{t('payouts.raised')}</dt>
          <dd>{summary.data.debitsWithoutPayout + summary.data.payoutsWithoutDebit}</dd>
        </div>
      </dl>
    </>
  );
}
