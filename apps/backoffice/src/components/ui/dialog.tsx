import './dialog.css';
import { useModalDialog } from '@app/web-kit/use-modal-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type DialogProps = {
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** Wider panel, for an image or a form with two columns. */
  wide?: boolean;
};

/** A modal dialog (its behaviour: useModalDialog, shared with the player app) with a Close button. */
export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const { t } = useTranslation();
  const { ref, titleId, onCancel } = useModalDialog(onClose);

  return (
    <dialog ref={ref} className={`dialog${wide ? ' dialog--wide' : ''}`} aria-labelledby={titleId} onCancel={onCancel}>
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
