import { rewardImagePath } from '@app/contracts/admin';
import { formatPoints, satangToBaht } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { type Reward, useRewards } from '@/features/settings/api/rewards';
import { RewardDialog } from '@/features/settings/components/reward-dialog';
import { formatMoney } from '@/lib/format';

/**
 * The rewards players can redeem points for, each with its image (served at
 * /images/reward/<name>): added and changed by admins; a hidden reward is
 * no longer shown to players.
 */
export function Rewards() {
  const { t } = useTranslation();
  const rewards = useRewards();
  const catalogue = useCatalogue<Reward>();
  const columns: Column<Reward>[] = [
    {
      header: t('settings.image'),
      // The name is in the next cell: the picture adds nothing a screen reader should repeat.
      cell: (reward) => <img className="reward-thumb" src={rewardImagePath(reward.imageUrl)} alt="" loading="lazy" />,
    },
    { header: t('settings.rewardName'), cell: (reward) => reward.name },
    {
      header: t('settings.rewardKind'),
      cell: (reward) => (
        <>
          {t(`settings.rewardKind_${reward.kind}`)}
          {reward.creditSatang !== null && (
            <div className="muted">{formatMoney(satangToBaht(reward.creditSatang))}</div>
          )}
        </>
      ),
    },
    { header: t('settings.rewardPrice'), numeric: true, cell: (reward) => formatPoints(reward.pricePoints) },
    {
      header: t('settings.rewardStock'),
      numeric: true,
      cell: (reward) => (reward.stock === null ? t('settings.unlimited') : reward.stock),
    },
    {
      header: t('common.status'),
      cell: (reward) => (
        <StatusBadge
          status={reward.active ? 'ACTIVE' : 'HIDDEN'}
          label={reward.active ? t('settings.shown') : t('settings.hidden')}
        />
      ),
    },
    { header: t('settings.sortOrder'), numeric: true, cell: (reward) => reward.sortOrder },
  ];

  return (
    <Catalogue
      level="section"
      state={catalogue}
      title={t('settings.rewardsTitle')}
      intro={t('settings.rewardsIntro')}
      addLabel={t('settings.addReward')}
      query={rewards}
      columns={columns}
      rowKey={(reward) => reward.id}
      rowTestId="reward-row"
      edit={{ header: t('settings.actions'), label: t('settings.edit'), name: (reward) => reward.name }}
      form={(reward) => (
        <RewardDialog reward={reward} onClose={catalogue.close} onDone={() => catalogue.done(t('settings.saved'))} />
      )}
    />
  );
}
