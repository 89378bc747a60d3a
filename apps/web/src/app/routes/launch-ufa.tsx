import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { LaunchScreen } from '@/features/games/components/launch-screen';

/** Spec §2 /launch-ufa: launches the sports game (credit moved to the provider first) and redirects to it. */
export function LaunchUfaRoute() {
  const { t } = useTranslation();
  return (
    <PageTitle title={t('pages.launchUfaTitle')}>
      <LaunchScreen game="ufa" />
    </PageTitle>
  );
}
