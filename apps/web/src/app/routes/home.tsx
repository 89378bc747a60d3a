import './home.css';
import { useTranslation } from 'react-i18next';
import { HomeWallet } from '@/app/widgets/home-wallet';
import { BannerCarousel } from '@/features/banner/components/banner-carousel';
import { ExclusionNotice } from '@/features/protection/components/exclusion-notice';

/**
 * The home screen: the wallet and the banners, under the page's one heading
 * (read by a screen reader; the header's logo says the same to the eye).
 * During the player's own break the first thing on it says so, until when,
 * and what is still open.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('pages.homeTitle')}</h1>
      <ExclusionNotice />
      <HomeWallet />
      <BannerCarousel />
    </div>
  );
}
