import { formatBahtWithSymbol } from '@app/contracts/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useProtection } from '@/features/protection/api/get-protection';
import { useReturnHeld } from '@/features/protection/api/protection';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';

/** Deposits held for the player (a transfer made while deposits were closed), each with a way to get it back. */
export function HeldDeposits() {
  const { t } = useTranslation(PROTECTION_NS);
  const protection = useProtection();
  const returnHeld = useReturnHeld();
  const held = protection.data?.held ?? [];
  const heldTitleId = useId();
  if (held.length === 0) return null;
  return (
    <section className="protection__card" aria-labelledby={heldTitleId}>
      <h3 id={heldTitleId}>{t('held.title')}</h3>
      <p className="protection__hint">{t('held.body')}</p>
      <ul className="protection__held">
        {held.map((item) => (
          <li key={item.id} data-testid={`held-${item.id}`}>
            <div>
              <strong>{formatBahtWithSymbol(item.amount)}</strong> · {formatDateTime(item.createdAt)}
              <span className="protection__pending">
                {t(`held.reason.${item.reason}`)} · {t(`held.status.${item.status}`)}
              </span>
            </div>
            {item.status === 'HELD' && (
              <button
                type="button"
                className="button button--outline button--small"
                disabled={returnHeld.isPending}
                onClick={() => returnHeld.mutate(item.id)}
              >
                {t('held.return')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {returnHeld.isSuccess && (
        <p className="protection__saved" role="status">
          {returnHeld.data.message}
        </p>
      )}
      {returnHeld.isError && <FormAlert>{errorText(returnHeld.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}
