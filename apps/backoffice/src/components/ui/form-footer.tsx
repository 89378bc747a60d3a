import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';

type Sending = { isError: boolean; error: unknown; isPending: boolean };

/**
 * The end of a dialog's form: why the server refused the last send (in its
 * words), Cancel, and the submit button, disabled while the send is on its way.
 */
export function FormFooter({
  sending,
  submitLabel,
  onCancel,
}: {
  /** The mutation that sends the form. */
  sending: Sending;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {sending.isError && (
        <Alert title={t('common.requestFailed')}>
          {sending.error instanceof ApiError ? sending.error.serverMessage : ''}
        </Alert>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={sending.isPending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
