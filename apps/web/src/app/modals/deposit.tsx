import { DepositModal } from '@/features/deposit/components/deposit-modal';
import { PromotionPicker } from '@/features/promotions/components/promotion-picker';
import { DepositClosedNotice } from '@/features/protection/components/exclusion-notice';
import { useDepositBlock } from '@/features/protection/hooks/use-blocked-actions';
import type { ModalProps } from '@/stores/modal-store';

/**
 * The deposit modal with what it shows of two other features: the promotion picker, and, while the player's
 * own protection closes deposits (a break, a deposit limit used up), the notice that says why and until when.
 */
export function DepositWithPromotion({ onClose }: ModalProps) {
  const block = useDepositBlock();
  return (
    <DepositModal
      onClose={onClose}
      closedNotice={block && <DepositClosedNotice block={block} />}
      promotionPicker={<PromotionPicker />}
    />
  );
}
