import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from '@/components/ui/decision-dialog';

export type Decision = 'approve' | 'reject';

/** Approve and reject buttons of a waiting item; `name` tells a screen reader which item each acts on. */
export function DecisionButtons({ name, onDecide }: { name: string; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--primary button--small" onClick={() => onDecide('approve')}>
        {t('decision.approve')}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="button button--small" onClick={() => onDecide('reject')}>
        {t('decision.reject')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </>
  );
}

/**
 * The approve-or-reject dialog of a queue item: a reason optional to approve
 * and required to reject, the answer kept under one Idempotency-Key.
 */
export function QueueDecisionDialog({
  decision,
  what,
  approvedText,
  onConfirm,
  onSettled,
  onClose,
  children,
}: {
  decision: Decision;
  /** What is decided, in words ("the withdrawal"). */
  what: string;
  /** The success line of an approval, when it says more than "Approved". */
  approvedText?: string;
  onConfirm: (input: { reason: string; idempotencyKey: string }) => Promise<unknown>;
  onSettled: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const approve = decision === 'approve';
  return (
    <DecisionDialog
      title={t(approve ? 'decision.approveTitle' : 'decision.rejectTitle', { what })}
      confirmLabel={t(approve ? 'decision.approve' : 'decision.reject')}
      tone={approve ? 'primary' : 'danger'}
      reason={approve ? 'optional' : 'required'}
      successText={approve ? (approvedText ?? t('decision.approved')) : t('decision.rejected')}
      onConfirm={onConfirm}
      onSettled={onSettled}
      onClose={onClose}
    >
      {children}
    </DecisionDialog>
  );
}
