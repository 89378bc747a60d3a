import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { PAGE_PATHS } from '@/config/paths';

/** Spec §2 /launch-ufa: the sports game's page. */
export function LaunchUfaRoute() {
  const { t } = useTranslation();
  return (
    <PageTitle title={t('pages.launchUfaTitle')}>
      <Link to={PAGE_PATHS.home} className="button button--outline">
        {t('common.backHome')}
      </Link>
    </PageTitle>
  );
}
