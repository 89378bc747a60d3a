import './home.css';
import { ExclusionNotice } from '@/components/protection/exclusion-notice';
import { BannerCarousel } from '@/features/banner/components/banner-carousel';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';

/**
 * The home screen: the wallet and the banners.
 * During the player's own break the first thing on it says so, until when,
 * and what is still open.
 */
export function HomeRoute() {
  return (
    <div className="home">
      <ExclusionNotice />
      <WalletPanel />
      <BannerCarousel />
    </div>
  );
}
