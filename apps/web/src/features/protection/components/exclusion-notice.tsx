import './exclusion-notice.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { ExclusionView } from '@app/contracts/protection';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useProtection } from '@/features/protection/api/get-protection';
import type { DepositBlock } from '@/features/protection/hooks/use-blocked-actions';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { formatDateTime } from '@/lib/dates';

/** "You are on a break until 27 Nov 2026, 01:16." and its kin: the exclusion in force, in one sentence. */
export function exclusionText(exclusion: ExclusionView, t: TFunction<typeof PROTECTION_NS>): string {
  if (exclusion.endsAt === null) return t('pause.activePermanent');
  const date = formatDateTime(exclusion.endsAt);
  return t(exclusion.kind === 'TIMEOUT' ? 'pause.activeTimeout' : 'pause.activeSelf', { date });
}

/**
 * The time-out or self-exclusion in force, said plainly, with what the player
 * can still do; nothing when there is none (the Play safe screen, the home screen).
 */
export function ExclusionNotice({ className = '' }: { className?: string }) {
  const { t } = useTranslation(PROTECTION_NS);
  const exclusion = useProtection().data?.exclusion ?? null;
  if (!exclusion) return null;
  return (
    <div className={`exclusion-notice ${className}`} role="status" data-testid="exclusion-notice">
      <strong>{exclusionText(exclusion, t)}</strong>
      <span>{t('pause.allowed')}</span>
    </div>
  );
}

function depositClosedText(block: DepositBlock, t: TFunction<typeof PROTECTION_NS>): string {
  if (block.reason === 'DEPOSIT_LIMIT') {
    const { limit } = block;
    return t('blocked.depositLimit', {
      limit: t(`blocked.per.${limit.period}`, { amount: formatBahtWithSymbol(limit.amount ?? 0) }),
      date: formatDateTime(limit.periodEndsAt),
    });
  }
  const { exclusion } = block;
  if (exclusion.endsAt === null) return t('blocked.depositPermanent');
  const date = formatDateTime(exclusion.endsAt);
  return t(exclusion.kind === 'TIMEOUT' ? 'blocked.depositTimeout' : 'blocked.depositSelf', { date });
}

/**
 * Why deposits are closed, first thing on the deposit screens: a break (with
 * its end) or a deposit limit used up (with when it frees), that a transfer
 * sent meanwhile is held rather than credited, and that withdrawals still work.
 */
export function DepositClosedNotice({ block }: { block: DepositBlock }) {
  const { t } = useTranslation(PROTECTION_NS);
  return (
    <div className="exclusion-notice" role="status" data-testid="exclusion-notice">
      <strong>{depositClosedText(block, t)}</strong>
      <span>{t('blocked.heldNote')}</span>
      <span>{t('blocked.withdrawStill')}</span>
    </div>
  );
}
