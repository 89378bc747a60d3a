import type { AdminRedemption } from '@app/contracts/loyalty';
import { formatPoints } from '@app/contracts/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { useRedemptionDecision } from '@/features/loyalty/api/loyalty';

export type Pending = { item: AdminRedemption; action: 'send' | 'cancel' };

/** Mark a redemption sent, with a note the player reads, or cancel it with a reason (its points return). */
export function RedemptionDecisionDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const decide = useRedemptionDecision();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { item, action } = pending;

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    decide.mutate(
      { id: item.id, action, note: note.trim() },
      {
        onSuccess: () =>
          onDone(
            action === 'send'
              ? t('loyalty.sentDone', { reward: item.rewardName, name: item.fullName })
              : t('loyalty.cancelDone', { points: formatPoints(item.points), name: item.fullName }),
          ),
      },
    );
  }

  return (
    <Dialog title={action === 'send' ? t('loyalty.markSentTitle') : t('loyalty.cancelTitle')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>
          {action === 'send'
            ? t('loyalty.markSentHint', { reward: item.rewardName, name: item.fullName, phone: item.phoneNumber })
            : t('loyalty.cancelHint', { reward: item.rewardName, points: formatPoints(item.points) })}
        </p>
        <FormField
          id={noteId}
          label={action === 'send' ? t('loyalty.sentNote') : t('common.reason')}
          hint={action === 'send' ? t('loyalty.sentNoteHint') : undefined}
          error={missing ? t('loyalty.noteRequired') : undefined}
        >
          <textarea
            id={noteId}
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing(false);
            }}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${noteId}-error` : undefined}
          />
        </FormField>
        <FormFooter
          sending={decide}
          submitLabel={action === 'send' ? t('loyalty.markSent') : t('loyalty.cancelRedemption')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
