import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useModalStore } from '@/stores/modal-store';

/** The answer to a claim: the server's words, and for a deposit promotion a way to the deposit. */
export type ClaimOutcomeValue = { ok: boolean; message: string; deposit: boolean };

/** The answer to a claim, above the list (`ref`: its box, which the screen brings into view). */
export function ClaimOutcome({ outcome, ref }: { outcome: ClaimOutcomeValue; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);

  return (
    <div ref={ref}>
      {outcome.ok ? (
        <div className="promotions__outcome" role="status">
          <p>{outcome.message}</p>
          {outcome.deposit && (
            <button type="button" className="button button--gold button--small" onClick={() => openModal('deposit')}>
              {t('promotions.depositNow')}
            </button>
          )}
        </div>
      ) : (
        <FormAlert title={t('promotions.claimFailed')}>{outcome.message}</FormAlert>
      )}
    </div>
  );
}
