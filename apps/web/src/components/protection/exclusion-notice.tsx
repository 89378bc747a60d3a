import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { useProtection } from '@/lib/protection';
import { PROTECTION_NS } from '@/lib/protection-i18n';

/**
 * The time-out or self-exclusion in force, said plainly, with what the player
 * can still do; nothing when there is none. `context` 'deposit' says that
 * deposits are closed (the deposit screens, issue 22).
 */
export function ExclusionNotice({ context = 'protection' }: { context?: 'protection' | 'deposit' }) {
  const { t } = useTranslation(PROTECTION_NS);
  const exclusion = useProtection().data?.exclusion ?? null;
  if (!exclusion) return null;
  const date = exclusion.endsAt ? formatDateTime(exclusion.endsAt) : '';
  let text: string;
  if (context === 'deposit') {
    if (exclusion.endsAt === null) text = t('blocked.depositPermanent');
    else text = t(exclusion.kind === 'TIMEOUT' ? 'blocked.depositTimeout' : 'blocked.depositSelf', { date });
  } else if (exclusion.endsAt === null) text = t('pause.activePermanent');
  else text = t(exclusion.kind === 'TIMEOUT' ? 'pause.activeTimeout' : 'pause.activeSelf', { date });
  return (
    <div className="exclusion-notice" role="status" data-testid="exclusion-notice">
      <strong>{text}</strong>
      <span>{context === 'deposit' ? t('blocked.withdrawStill') : t('pause.allowed')}</span>
    </div>
  );
}
