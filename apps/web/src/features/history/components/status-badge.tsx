import './status-badge.css';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '@/components/ui/first-screen-icons';
import { CancelIcon, DepositIcon, PendingIcon } from '@/components/ui/icons';
import type { HistoryListEntry } from '@/features/history/api/get-history';
import { type BadgeStatus, badgeStatus } from '@/features/history/utils/history-display';
import { STATUS_LABELS } from '@/features/history/utils/history-labels';

const STATUS_LOOKS: Record<BadgeStatus, { Icon: ComponentType; modifier: string }> = {
  WAITING: { Icon: PendingIcon, modifier: 'waiting' },
  APPROVED: { Icon: CheckIcon, modifier: 'approved' },
  REJECTED: { Icon: CancelIcon, modifier: 'rejected' },
  REFUNDED: { Icon: DepositIcon, modifier: 'refunded' },
};

/**
 * Spec §4: WAITING with a pending icon in orange, APPROVED with a check in
 * green, REJECTED with a cancel icon in red; an unknown status as waiting. The
 * word is always written out, so the colour is never the only sign. The
 * money a rejected withdrawal gave back reads "Refunded" (badgeStatus).
 */
export function StatusBadge({ entry }: { entry: Pick<HistoryListEntry, 'type' | 'status'> }) {
  const { t } = useTranslation();
  const shown = badgeStatus(entry);
  const { Icon, modifier } = STATUS_LOOKS[shown];
  return (
    <span className={`status-badge status-badge--${modifier}`} data-status={shown}>
      <Icon />
      {t(STATUS_LABELS[shown])}
    </span>
  );
}
