import { formatPoints } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePlayerLoyalty } from '@/features/players/api/players';
import { endReasonText, lotSourceText } from '@/features/players/components/loyalty-codes';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * A player's promotions (each with its bonus and turnover progress), their
 * redemptions, and the points they earned lot by lot (what is left of each
 * and when it expires): what an operator needs to answer "where is my bonus"
 * or "why can I not withdraw".
 */
export function PlayerLoyalty({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const loyalty = usePlayerLoyalty(playerId);
  if (loyalty.isPending) return <Spinner label={t('common.loading')} />;
  if (loyalty.isError) return <Alert>{t('common.loadFailed')}</Alert>;
  const { points, turnover, promotions, redemptions, pointsLots } = loyalty.data;
  return (
    <div className="player-loyalty" data-testid="player-loyalty">
      <dl className="player__facts">
        <div>
          <dt>{t('loyalty.playerPoints')}</dt>
          <dd>{formatPoints(points)}</dd>
        </div>
        <div>
          <dt>{t('loyalty.playerTurnover')}</dt>
          <dd>{formatMoney(turnover)}</dd>
        </div>
      </dl>

      <h3 className="player__subheading">{t('loyalty.claimsTitle')}</h3>
      {promotions.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className="table-box">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('loyalty.title')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col" className="num">
                  {t('loyalty.claimBonus')}
                </th>
                <th scope="col">{t('loyalty.claimTurnover')}</th>
                <th scope="col">{t('loyalty.claimed')}</th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((claim) => (
                <tr key={claim.id} data-testid="player-claim-row">
                  <td data-label={t('loyalty.title')}>{claim.title}</td>
                  <td data-label={t('common.status')}>
                    <StatusBadge status={claim.status} label={t(`loyalty.claimStatus_${claim.status}`)} />
                    {claim.endReason && (
                      <div className="muted" title={t('loyalty.codeTitle', { code: claim.endReason })}>
                        {endReasonText(t, claim.endReason)}
                      </div>
                    )}
                  </td>
                  <td data-label={t('loyalty.claimBonus')} className="num">
                    {formatMoney(claim.bonus)}
                  </td>
                  <td data-label={t('loyalty.claimTurnover')}>
                    {formatMoney(claim.turnoverDone)} / {formatMoney(claim.turnoverRequired)}
                  </td>
                  <td data-label={t('loyalty.claimed')}>{formatDateTime(claim.claimedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="player__subheading">{t('loyalty.redemptionsList')}</h3>
      {redemptions.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className="table-box">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('loyalty.reward')}</th>
                <th scope="col" className="num">
                  {t('loyalty.points')}
                </th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('loyalty.redeemedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {redemptions.map((redemption) => (
                <tr key={redemption.id}>
                  <td data-label={t('loyalty.reward')}>{redemption.rewardName}</td>
                  <td data-label={t('loyalty.points')} className="num">
                    {formatPoints(redemption.points)}
                  </td>
                  <td data-label={t('common.status')}>
                    <StatusBadge status={redemption.status} label={t(`loyalty.redemption_${redemption.status}`)} />
                    {redemption.note && <div className="muted">{redemption.note}</div>}
                  </td>
                  <td data-label={t('loyalty.redeemedAt')}>{formatDateTime(redemption.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="player__subheading">{t('loyalty.lotsTitle')}</h3>
      {pointsLots.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className="table-box">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('loyalty.lotSource')}</th>
                <th scope="col" className="num">
                  {t('loyalty.points')}
                </th>
                <th scope="col" className="num">
                  {t('loyalty.lotRemaining')}
                </th>
                <th scope="col">{t('loyalty.claimed')}</th>
                <th scope="col">{t('loyalty.lotExpires')}</th>
              </tr>
            </thead>
            <tbody>
              {pointsLots.map((lot) => (
                <tr key={lot.id}>
                  <td
                    data-label={t('loyalty.lotSource')}
                    title={t('loyalty.codeTitle', { code: `${lot.source} ${lot.reference}` })}
                  >
                    {lotSourceText(t, lot)}
                  </td>
                  <td data-label={t('loyalty.points')} className="num">
                    {formatPoints(lot.points)}
                  </td>
                  <td data-label={t('loyalty.lotRemaining')} className="num">
                    {formatPoints(lot.remaining)}
                  </td>
                  <td data-label={t('loyalty.claimed')}>{formatDateTime(lot.earnedAt)}</td>
                  <td data-label={t('loyalty.lotExpires')}>
                    {lot.expiresAt ? formatDateTime(lot.expiresAt) : t('loyalty.never')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
