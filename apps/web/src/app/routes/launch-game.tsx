import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { LaunchScreen } from '@/features/games/components/launch-screen';

/** Spec §2 /launch-game: launches the second game (code WC; credit brought back to the main wallet first). */
export function LaunchGameRoute() {
  const { t } = useTranslation();
  return (
    <PageTitle title={t('pages.launchGameTitle')}>
      <LaunchScreen game="wc" />
    </PageTitle>
  );
}
