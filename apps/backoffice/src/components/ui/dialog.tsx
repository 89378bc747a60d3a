import './dialog.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type DialogProps = {
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Wider panel, for an image or a form with two columns. */
  wide?: boolean;
};

/**
 * A modal dialog on the platform's own `<dialog>` with `showModal()`: the page
 * behind is inert, focus stays inside, Escape closes (turned into `onClose`, so
 * React state decides), and focus returns where it was.
 */
export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog${wide ? ' dialog--wide' : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}
