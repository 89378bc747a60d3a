import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGES } from '@/config/paths';
import { useLoyaltySummary } from '@/features/dashboard/api/get-loyalty-summary';
import { formatMoney } from '@/lib/format';

/**
 * The dashboard's promotions tile row: bonus given, wagered under
 * promotions and returned today, the bonus expense to date (the house bonus
 * account), and the item rewards waiting to be sent.
 */
export function LoyaltyTiles() {
  const { t } = useTranslation();
  const summary = useLoyaltySummary();
  if (!summary.data) return null;
  const { today, bonusExpense, waitingRedemptions } = summary.data;
  const money = [
    { label: t('dashboard.bonusGiven'), amount: today.bonusGiven },
    { label: t('dashboard.bonusWagered'), amount: today.bonusWagered },
    { label: t('dashboard.bonusForfeited'), amount: today.bonusForfeited },
  ];
  return (
    <section className="dashboard-section" aria-labelledby="loyalty-tiles-title">
      <h2 id="loyalty-tiles-title" className="dashboard-section__title">
        {t('dashboard.loyaltyTitle')}
      </h2>
      <ul className="tiles" data-testid="loyalty-tiles">
        {money.map((tile) => (
          <li key={tile.label} className="tile">
            <span className="tile__label">{tile.label}</span>
            <strong className="tile__count">{formatMoney(tile.amount)}</strong>
            <span className="tile__hint">{t('dashboard.bonusHint')}</span>
          </li>
        ))}
        <li className="tile">
          <span className="tile__label">{t('dashboard.bonusExpense')}</span>
          <strong className="tile__count">{formatMoney(bonusExpense)}</strong>
        </li>
        <li className={`tile${waitingRedemptions > 0 ? ' tile--urgent' : ''}`}>
          <span className="tile__label">{t('dashboard.waitingRedemptions')}</span>
          <strong className="tile__count">{t('dashboard.count', { count: waitingRedemptions })}</strong>
          <Link className="tile__link" to={PAGES.redemptions}>
            {t('dashboard.open')} <span className="visually-hidden">{t('dashboard.waitingRedemptions')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
