import { formatBahtWithSymbol } from '@app/contracts/money';
import type { LimitView } from '@app/contracts/protection';
import { useTranslation } from 'react-i18next';
import { useSetLimit } from '@/features/protection/api/protection';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { formatDateTime } from '@/lib/dates';

/** One limit in force: its amount and what is left, a change waiting for its date, and a way to remove it. */
export function LimitRow({ limit }: { limit: LimitView }) {
  const { t } = useTranslation(PROTECTION_NS);
  const setLimit = useSetLimit();
  const pending = limit.pending;
  return (
    <li className="protection__limit" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div>
        <strong>{t(`limits.period.${limit.period}`)}</strong>{' '}
        {limit.amount === null
          ? t('limits.none')
          : t('limits.current', {
              amount: formatBahtWithSymbol(limit.amount),
              remaining: formatBahtWithSymbol(limit.remaining ?? 0),
            })}
        {pending && (
          <span className="protection__pending">
            {pending.amount === null
              ? t('limits.pendingRemoval', { date: formatDateTime(pending.from) })
              : t('limits.pending', {
                  amount: formatBahtWithSymbol(pending.amount),
                  date: formatDateTime(pending.from),
                })}
          </span>
        )}
      </div>
      {limit.amount !== null && pending?.amount !== null && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={setLimit.isPending}
          onClick={() => setLimit.mutate({ kind: limit.kind, period: limit.period, amount: null })}
        >
          {t('limits.remove')}
        </button>
      )}
    </li>
  );
}
