import type { AdminVipRank } from '@app/contracts/vip';
import { useTranslation } from 'react-i18next';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { useVipRanks } from '@/features/vip/api/vip';
import { VipRankDialog } from '@/features/vip/components/vip-rank-dialog';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/**
 * VIP ranks: each rank with the lifetime turnover that reaches it, its
 * rakeback and level-up reward, and how many players hold it; admins add and
 * change ranks (audited). A rank a player reached stays theirs whatever the
 * thresholds become.
 */
export function VipRanksPage() {
  const { t } = useTranslation();
  const ranks = useVipRanks();
  const catalogue = useCatalogue<AdminVipRank>();
  const language = currentLanguage();
  const name = (rank: AdminVipRank) => rank.names[language] || rank.names.th || '';
  const columns: Column<AdminVipRank>[] = [
    { header: t('cashback.name'), cell: name },
    { header: t('vip.turnover'), numeric: true, cell: (rank) => formatMoney(rank.turnoverSatang / 100) },
    { header: t('vip.rakeback'), numeric: true, cell: (rank) => `${rank.rakebackBp / 100} %` },
    { header: t('vip.reward'), numeric: true, cell: (rank) => formatMoney(rank.levelUpSatang / 100) },
    { header: t('vip.players'), numeric: true, cell: (rank) => rank.players },
  ];
  return (
    <Catalogue
      level="page"
      state={catalogue}
      title={t('vip.title')}
      intro={t('vip.intro')}
      addLabel={t('vip.add')}
      query={ranks}
      empty={t('vip.none')}
      columns={columns}
      rowKey={(rank) => rank.id}
      rowTestId="vip-rank-row"
      edit={{ header: t('loyalty.actions'), label: t('loyalty.edit'), name }}
      form={(rank) => (
        <VipRankDialog rank={rank} onClose={catalogue.close} onSaved={() => catalogue.done(t('vip.saved'))} />
      )}
    />
  );
}
