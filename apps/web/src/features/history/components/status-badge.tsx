import './status-badge.css';
import type { HistoryStatus } from '@app/contracts/history';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/first-screen-icons';
import { CancelIcon, PendingIcon } from '@/components/ui/icons';
import { displayStatus } from '@/features/history/utils/history-display';
import { STATUS_LABELS } from '@/features/history/utils/history-labels';

const STATUS_LOOKS: Record<HistoryStatus, { Icon: ComponentType; modifier: string }> = {
  WAITING: { Icon: PendingIcon, modifier: 'waiting' },
  APPROVED: { Icon: CheckIcon, modifier: 'approved' },
  REJECTED: { Icon: CancelIcon, modifier: 'rejected' },
};

/**
 * Spec §4: WAITING with a pending icon in orange, APPROVED with a check in
 * green, REJECTED with a cancel icon in red; an unknown status as waiting. The
 * word is always written out, so the colour is never the only sign.
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const shown = displayStatus(status);
  const { Icon, modifier } = STATUS_LOOKS[shown];
  return (
    <span className={`status-badge status-badge--${modifier}`} data-status={shown}>
      <Icon />
      {t(STATUS_LABELS[shown])}
    </span>
  );
}
