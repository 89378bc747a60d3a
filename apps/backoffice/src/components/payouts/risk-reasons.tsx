import type { PlayerFlagKind, RiskReason } from '@app/contracts/payouts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** Figures in a reason's words: amounts (baht) formatted as money, the rest as they are. */
const MONEY_FIELDS = new Set(['total', 'limit', 'deposits', 'turnover', 'left']);

/**
 * Why a withdrawal waits for an operator: each reason the risk rules (or the
 * bank) gave, in the operator's language, with the figures behind it.
 */
export function RiskReasons({ reasons, score }: { reasons: readonly RiskReason[]; score: number }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return <span className="muted">{t('payouts.noReason')}</span>;
  return (
    <div className="risk-reasons">
      <span className="risk-reasons__score" data-testid="risk-score">
        {t('payouts.score', { score })}
      </span>
      <ul className="risk-reasons__list">
        {reasons.map((reason) => {
          const detail = Object.fromEntries(
            Object.entries(reason.detail).map(([key, value]) => [
              key,
              MONEY_FIELDS.has(key) && typeof value === 'number' ? formatMoney(value) : value,
            ]),
          );
          return (
            <li key={reason.code} data-testid="risk-reason" data-code={reason.code}>
              {t(`payouts.reason.${reason.code}`, detail)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Duplicate identity found on a player: with whom. */
export function IdentityFlags({ flags }: { flags: readonly { kind: PlayerFlagKind; relatedUsername: string }[] }) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <ul className="risk-reasons__list" data-testid="identity-flags">
      {flags.slice(0, 3).map((flag) => (
        <li key={`${flag.kind}-${flag.relatedUsername}`}>
          {t(`payouts.flag.${flag.kind}`, { username: flag.relatedUsername })}
        </li>
      ))}
    </ul>
  );
}
