import './reward-modal.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { useRewards } from '@/features/rewards/api/get-rewards';
import { useRedemptions } from '@/features/rewards/api/redeem';
import { RedeemDialogs } from '@/features/rewards/components/redeem-dialogs';
import { RedemptionList } from '@/features/rewards/components/redemption-list';
import { RewardGrid } from '@/features/rewards/components/reward-grid';
import { RewardPoints } from '@/features/rewards/components/reward-points';
import { useRedeemFlow } from '@/features/rewards/hooks/use-redeem-flow';
import type { ModalProps } from '@/stores/modal-store';

/**
 * Spec §2 reward modal: the grid of rewards with name, image and a redeem
 * button. The button shows the price, asks for a confirmation, redeems with an
 * Idempotency-Key and shows the outcome (the server's words: credited, waiting
 * for delivery, not enough points, out of stock, already redeemed today). A
 * second view lists the player's redemptions and their state.
 */
export function RewardModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  // Read while the player's redemptions show too: going back to the grid does not load it again.
  const rewards = useRewards();
  const [view, setView] = useState<'rewards' | 'mine'>('rewards');
  const redemptions = useRedemptions(view === 'mine');
  const flow = useRedeemFlow();

  return (
    <Dialog title={t('modals.reward')} onClose={onClose} className="dialog--wide">
      <div className="dialog__body reward-modal">
        <RewardPoints />
        <fieldset className="reward-modal__views">
          <legend className="visually-hidden">{t('modals.reward')}</legend>
          <button
            type="button"
            className={`reward-modal__view${view === 'rewards' ? ' is-selected' : ''}`}
            aria-pressed={view === 'rewards'}
            onClick={() => setView('rewards')}
          >
            {t('rewards.viewRewards')}
          </button>
          <button
            type="button"
            className={`reward-modal__view${view === 'mine' ? ' is-selected' : ''}`}
            aria-pressed={view === 'mine'}
            onClick={() => setView('mine')}
          >
            {t('rewards.viewMine')}
          </button>
        </fieldset>
        {view === 'rewards' ? (
          <RewardGrid rewards={rewards} onRedeem={flow.start} />
        ) : (
          <RedemptionList redemptions={redemptions.data} loading={redemptions.isPending} failed={redemptions.isError} />
        )}
      </div>
      <RedeemDialogs flow={flow} />
    </Dialog>
  );
}
