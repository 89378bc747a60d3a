import './dialog.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';

type DialogProps = {
  title: string;
  onClose?: () => void;
  children?: ReactNode;
  /** Extra class for the panel, e.g. a success or alert style. */
  className?: string;
};

/**
 * A modal dialog on the platform's own `<dialog>` opened with `showModal()`:
 * the browser makes the rest of the page inert, keeps focus inside, closes on
 * Escape (we turn that into `onClose`, so React state decides) and the dialog
 * is labelled by its title. Focus goes back where it was when it closes.
 */
export function Dialog({ title, onClose, children, className = '' }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = dialogRef.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  function onCancel(event: React.SyntheticEvent<HTMLDialogElement>) {
    // Escape: the platform would close the dialog itself; the modal's owner closes it instead.
    event.preventDefault();
    onCloseRef.current?.();
  }

  function onBackdropClick(event: React.MouseEvent<HTMLDialogElement>) {
    // A click on the backdrop lands on the dialog element itself, outside its panel.
    if (event.target === event.currentTarget) onCloseRef.current?.();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog through the platform's cancel event.
    <dialog
      ref={dialogRef}
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
