import './home.css';
import { BannerCarousel } from '@/features/banner/components/banner-carousel';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';

export function HomeRoute() {
  return (
    <div className="home">
      <WalletPanel />
      <BannerCarousel />
    </div>
  );
}
