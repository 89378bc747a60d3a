import { formatPoints } from '@app/contracts/money';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePlayerLoyalty } from '@/features/players/api/players';
import { endReasonText, lotSourceText } from '@/features/players/components/loyalty-codes';
import { formatDateTime, formatMoney } from '@/lib/format';

type Loyalty = NonNullable<ReturnType<typeof usePlayerLoyalty>['data']>;

const claimColumns = (t: TFunction): Column<Loyalty['promotions'][number]>[] => [
  { header: t('loyalty.title'), cell: (claim) => claim.title },
  {
    header: t('common.status'),
    cell: (claim) => (
      <>
        <StatusBadge status={claim.status} label={t(`loyalty.claimStatus_${claim.status}`)} />
        {claim.endReason && (
          <div className="muted" title={t('loyalty.codeTitle', { code: claim.endReason })}>
            {endReasonText(t, claim.endReason)}
          </div>
        )}
      </>
    ),
  },
  { header: t('loyalty.claimBonus'), numeric: true, cell: (claim) => formatMoney(claim.bonus) },
  {
    header: t('loyalty.claimTurnover'),
    cell: (claim) => `${formatMoney(claim.turnoverDone)} / ${formatMoney(claim.turnoverRequired)}`,
  },
  { header: t('loyalty.claimed'), cell: (claim) => formatDateTime(claim.claimedAt) },
];

const redemptionColumns = (t: TFunction): Column<Loyalty['redemptions'][number]>[] => [
  { header: t('loyalty.reward'), cell: (redemption) => redemption.rewardName },
  { header: t('loyalty.points'), numeric: true, cell: (redemption) => formatPoints(redemption.points) },
  {
    header: t('common.status'),
    cell: (redemption) => (
      <>
        <StatusBadge status={redemption.status} label={t(`loyalty.redemption_${redemption.status}`)} />
        {redemption.note && <div className="muted">{redemption.note}</div>}
      </>
    ),
  },
  { header: t('loyalty.redeemedAt'), cell: (redemption) => formatDateTime(redemption.createdAt) },
];

const lotColumns = (t: TFunction): Column<Loyalty['pointsLots'][number]>[] => [
  {
    header: t('loyalty.lotSource'),
    title: (lot) => t('loyalty.codeTitle', { code: `${lot.source} ${lot.reference}` }),
    cell: (lot) => lotSourceText(t, lot),
  },
  { header: t('loyalty.points'), numeric: true, cell: (lot) => formatPoints(lot.points) },
  { header: t('loyalty.lotRemaining'), numeric: true, cell: (lot) => formatPoints(lot.remaining) },
  { header: t('loyalty.claimed'), cell: (lot) => formatDateTime(lot.earnedAt) },
  {
    header: t('loyalty.lotExpires'),
    cell: (lot) => (lot.expiresAt ? formatDateTime(lot.expiresAt) : t('loyalty.never')),
  },
];

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
      <DataTable
        rows={promotions}
        columns={claimColumns(t)}
        rowKey={(claim) => claim.id}
        rowTestId="player-claim-row"
      />
      <h3 className="player__subheading">{t('loyalty.redemptionsList')}</h3>
      <DataTable rows={redemptions} columns={redemptionColumns(t)} rowKey={(redemption) => redemption.id} />
      <h3 className="player__subheading">{t('loyalty.lotsTitle')}</h3>
      <DataTable rows={pointsLots} columns={lotColumns(t)} rowKey={(lot) => lot.id} />
    </div>
  );
}
