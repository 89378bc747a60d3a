import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { PAGE_PATHS } from '@/config/paths';

/** Spec §2 /launch-game: the second (WC) game's page. */
export function LaunchGameRoute() {
  const { t } = useTranslation();
  return (
    <PageTitle title={t('pages.launchGameTitle')}>
      <Link to={PAGE_PATHS.home} className="button button--outline">
        {t('common.backHome')}
      </Link>
    </PageTitle>
  );
}
