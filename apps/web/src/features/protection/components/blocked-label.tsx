import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActionBlock } from '@/features/protection/hooks/use-blocked-actions';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { formatDateTime } from '@/lib/dates';

/** "Closed until 27 Nov 2026, 01:16" (or "Closed" for good): under a button the player's protection closes. */
export function blockedText(block: ActionBlock, t: TFunction<typeof PROTECTION_NS>): string {
  return block.until === null ? t('blocked.closed') : t('blocked.closedUntil', { date: formatDateTime(block.until) });
}

export function BlockedLabel({ block, className }: { block: ActionBlock; className?: string }) {
  const { t } = useTranslation(PROTECTION_NS);
  return (
    <small className={className} data-testid="blocked-label">
      {blockedText(block, t)}
    </small>
  );
}
