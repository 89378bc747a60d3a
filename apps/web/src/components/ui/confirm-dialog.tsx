import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';

type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: the buttons wait. */
  busy?: boolean;
  /** A choice that cannot be undone (forfeiting a bonus) is drawn in the alert style. */
  tone?: 'alert' | 'info';
};

/** Asks the player to confirm one action: Cancel, or the action's own label. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'info',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={busy ? undefined : onCancel} className={tone === 'alert' ? 'dialog--alert' : ''}>
      <div className="dialog__text">{children}</div>
      <div className="dialog__footer">
        <button type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button--gold" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
