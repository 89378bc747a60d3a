import './rejection-note.css';
import { useTranslation } from 'react-i18next';
import type { HistoryListEntry } from '@/features/history/api/get-history';
import { displayStatus, movedNothing } from '@/features/history/utils/history-display';

/** Under a withdrawal the bank paid through the connector: its bank reference. */
export function PaidNote({ entry }: { entry: HistoryListEntry }) {
  const { t } = useTranslation();
  if (!entry.bankReference || displayStatus(entry.status) !== 'APPROVED') return null;
  return (
    <span className="rejection-note" data-testid="paid-note">
      <span className="rejection-note__line">{t('history.paidRef', { reference: entry.bankReference })}</span>
    </span>
  );
}

/**
 * Under a rejected entry's status: "Nothing credited" where the balance never
 * moved (a rejected deposit), and the operator's reason when there is one.
 */
export function RejectionNote({ entry }: { entry: HistoryListEntry }) {
  const { t } = useTranslation();
  if (displayStatus(entry.status) !== 'REJECTED') return null;
  const reason = entry.reason?.trim();
  const nothingCredited = movedNothing(entry) && entry.type.endsWith('DEPOSIT');
  if (!reason && !nothingCredited) return null;
  return (
    <span className="rejection-note" data-testid="rejection-note">
      {nothingCredited && <span className="rejection-note__line">{t('history.nothingCredited')}</span>}
      {reason && <span className="rejection-note__line">{t('history.rejectedBecause', { reason })}</span>}
    </span>
  );
}
