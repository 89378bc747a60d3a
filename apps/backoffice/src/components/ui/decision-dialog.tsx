import { reasonSchema } from '@app/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';

type DecisionDialogProps = {
  title: string;
  /** What is being decided: the player, the amount, the account. */
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Whether the operator must give a reason (a rejection, an assignment) or may add a note. */
  reason: 'required' | 'optional';
  /** Sends the decision; the key is the same for every resend from this dialog. */
  onConfirm: (input: { reason: string; idempotencyKey: string }) => Promise<unknown>;
  /** The outcome to show once it is done. */
  successText: string;
  onClose: () => void;
  /** Called when the server says the item was decided already (by another operator): the list refreshes. */
  onSettled?: () => void;
  /** Keeps the confirm button off while the children still miss something (an assignment's player). */
  confirmDisabled?: boolean;
};

/**
 * A decision asks for confirmation, shows its outcome, and is never sent
 * twice: the button is disabled while it is on its way, and one Idempotency-Key
 * serves every resend from this dialog (a retry after a lost answer is the
 * same decision). When another operator was first, the server's "Already
 * decided by … at …" is shown and the list refreshes.
 */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  /** Set in the same tick as the send: the mutation's own pending flag arrives a render later. */
  const sending = useRef(false);
  const decide = useMutation({
    mutationFn: (text: string) => props.onConfirm({ reason: text, idempotencyKey }),
    onSettled: () => {
      sending.current = false;
      props.onSettled?.();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current || props.confirmDisabled) return;
    const text = reason.trim();
    if (props.reason === 'required' && !reasonSchema.safeParse(text).success) {
      setReasonError(t('common.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    sending.current = true;
    decide.mutate(text);
  }

  const error = decide.error;
  const conflict = error instanceof ApiError && error.errorCode === 'ALREADY_DECIDED';

  if (decide.isSuccess || conflict) {
    return (
      <Dialog title={props.title} onClose={props.onClose}>
        {decide.isSuccess ? (
          <Alert tone="success" title={t('decision.done')}>
            {props.successText}
          </Alert>
        ) : (
          <Alert tone="warning" title={t('decision.alreadyDecided')}>
            {error instanceof ApiError ? error.serverMessage : ''}
          </Alert>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={props.onClose}>
            {t('common.ok')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate className="dialog__form">
        {props.children}
        <FormField
          id={reasonId}
          label={props.reason === 'required' ? t('common.reason') : t('common.note')}
          error={reasonError}
        >
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            required={props.reason === 'required'}
          />
        </FormField>
        {error && !conflict && (
          <Alert title={t('common.requestFailed')}>{error instanceof ApiError ? error.serverMessage : ''}</Alert>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${props.tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            disabled={decide.isPending || props.confirmDisabled}
          >
            {decide.isPending ? t('decision.sending') : props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
