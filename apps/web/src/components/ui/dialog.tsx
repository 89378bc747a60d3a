import './dialog.css';
import { useModalDialog } from '@app/web-kit/use-modal-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { useBackCloses } from '@/hooks/use-back-closes';

type DialogProps = {
  title: string;
  onClose?: () => void;
  children?: ReactNode;
  /** Extra class for the panel, e.g. a success or alert style. */
  className?: string;
};

/**
 * A modal dialog (its behaviour: useModalDialog, shared with the back office)
 * that also closes on a click on its backdrop, and on the phone's Back
 * (useBackCloses) instead of leaving the app.
 */
export function Dialog({ title, onClose, children, className = '' }: DialogProps) {
  const { t } = useTranslation();
  const { ref, titleId, onCancel, close } = useModalDialog(onClose);
  useBackCloses(onClose);

  function onBackdropClick(event: React.MouseEvent<HTMLDialogElement>) {
    // A click on the backdrop lands on the dialog element itself, outside its panel.
    if (event.target === event.currentTarget) close();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog through the platform's cancel event.
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClick={onBackdropClick}
    >
      <div className="dialog__panel">
        <div className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
              <CloseIcon />
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
