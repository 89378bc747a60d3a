import { WITHDRAW_PROCESSING_MINUTES } from '@app/contracts/limits';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { WithdrawResponse } from '@app/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { MessageDialog } from '@/components/ui/message-dialog';

/**
 * What happens next to the withdrawal just accepted, as the server decided it:
 * AUTO, paid to the bank now; REVIEW, an operator checks it first, whether or
 * not automatic payouts are on (with them off every withdrawal waits for
 * review, and "on its way to your bank" would not be true); no route (a
 * replayed answer from before the rules), the spec's in-progress words.
 */
export function AcceptedDialog({
  baht,
  route,
  onClose,
}: {
  baht: number;
  route: WithdrawResponse['payout'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatBahtWithSymbol(baht);
  const body = {
    AUTO: t('withdraw.autoBody', { amount }),
    REVIEW: t('withdraw.reviewBody', { amount, minutes: WITHDRAW_PROCESSING_MINUTES }),
    none: t('withdraw.inProgressBody', { amount, minutes: WITHDRAW_PROCESSING_MINUTES }),
  }[route ?? 'none'];
  return (
    <MessageDialog
      title={route === 'AUTO' ? t('withdraw.autoTitle') : t('withdraw.inProgressTitle')}
      tone="success"
      onClose={onClose}
    >
      {body}
    </MessageDialog>
  );
}
