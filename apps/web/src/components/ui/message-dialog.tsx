import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { SuccessView } from '@/components/ui/success-view';

type MessageDialogProps = {
  title: string;
  /** The message; for `success`, shown under the check badge. */
  children: ReactNode;
  onClose: () => void;
  tone?: 'success' | 'alert' | 'info';
  /** The button's label; defaults to the common confirm label. */
  confirmLabel?: string;
};

/** A small dialog that tells the player one thing (a success, a failure) and closes with one button. */
export function MessageDialog({ title, children, onClose, tone = 'info', confirmLabel }: MessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} className={tone === 'alert' ? 'dialog--alert' : ''}>
      {tone === 'success' ? <SuccessView>{children}</SuccessView> : <p className="dialog__text">{children}</p>}
      <div className="dialog__footer">
        <button type="button" className="button button--gold button--block" onClick={onClose}>
          {confirmLabel ?? t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
