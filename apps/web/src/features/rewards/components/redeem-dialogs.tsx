import { formatPoints } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MessageDialog } from '@/components/ui/message-dialog';
import type { useRedeemFlow } from '@/features/rewards/hooks/use-redeem-flow';
import { useRewardLine } from '@/features/rewards/hooks/use-reward-line';

/** The confirmation before a redemption (with a failure that keeps it open), then the outcome. */
export function RedeemDialogs({ flow }: { flow: ReturnType<typeof useRedeemFlow> }) {
  const { t } = useTranslation();
  const rewardLine = useRewardLine();
  const { confirming, outcome } = flow;
  if (confirming) {
    return (
      <ConfirmDialog
        title={t('rewards.confirmTitle')}
        confirmLabel={t('rewards.confirmRedeem')}
        onConfirm={flow.confirm}
        onCancel={flow.cancel}
        busy={flow.busy}
      >
        <p>
          {t('rewards.confirmBody', {
            count: confirming.pricePoints,
            name: confirming.name,
            points: formatPoints(confirming.pricePoints),
          })}
        </p>
        <p className="reward-modal__confirm-line">{rewardLine(confirming)}</p>
        {outcome && !outcome.ok && (
          <p className="reward-modal__error" role="alert">
            {outcome.message}
          </p>
        )}
      </ConfirmDialog>
    );
  }
  if (!outcome) return null;
  return (
    <MessageDialog
      title={outcome.ok ? t('rewards.redeemed') : t('rewards.notRedeemed')}
      tone={outcome.ok ? 'success' : 'alert'}
      onClose={flow.dismiss}
    >
      {outcome.message}
    </MessageDialog>
  );
}
