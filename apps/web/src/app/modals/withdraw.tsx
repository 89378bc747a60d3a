import { useCurrentPromotion } from '@/features/promotions/api/promotions';
import { PromotionProgress } from '@/features/promotions/components/promotion-progress';
import { WithdrawModal } from '@/features/withdraw/components/withdraw-modal';
import type { ModalProps } from '@/stores/modal-store';

/** The withdraw modal with the player's active claim and its turnover, which a withdrawal may forfeit. */
export function WithdrawWithPromotion({ onClose }: ModalProps) {
  const promotion = useCurrentPromotion();
  return (
    <WithdrawModal
      onClose={onClose}
      promotion={promotion?.status === 'ACTIVE' && <PromotionProgress claim={promotion} />}
    />
  );
}
