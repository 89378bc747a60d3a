import { useCurrentPromotion } from '@/features/promotions/api/promotions';
import { PromotionProgress } from '@/features/promotions/components/promotion-progress';
import { BlockedLabel } from '@/features/protection/components/blocked-label';
import { useBlockedActions } from '@/features/protection/hooks/use-blocked-actions';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';

/**
 * The home screen's wallet with the two features it shows: the player's open claim under the figures, and
 * what the player's own protection closes now (promotions, deposits), each saying until when.
 */
export function HomeWallet() {
  const promotion = useCurrentPromotion();
  const blocked = useBlockedActions();
  return (
    <WalletPanel
      promotion={promotion && <PromotionProgress claim={promotion} compact />}
      blocked={{
        promotions: blocked.promotions && <BlockedLabel block={blocked.promotions} />,
        deposit: blocked.deposit && <BlockedLabel block={blocked.deposit} className="wallet__blocked" />,
      }}
    />
  );
}
