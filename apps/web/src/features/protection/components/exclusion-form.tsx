import { type ExclusionRequest, SELF_EXCLUSION_LENGTHS, TIMEOUT_LENGTHS } from '@app/contracts/protection';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useStartExclusion } from '@/features/protection/api/protection';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { errorText } from '@/lib/error-text';

/** A time-out or self-exclusion: its length, and a box the player ticks before it starts. */
export function ExclusionForm({ kind }: { kind: ExclusionRequest['kind'] }) {
  const { t } = useTranslation(PROTECTION_NS);
  const lengthId = useId();
  const confirmId = useId();
  const titleId = useId();
  const start = useStartExclusion();
  const lengths = kind === 'TIMEOUT' ? TIMEOUT_LENGTHS : SELF_EXCLUSION_LENGTHS;
  const [length, setLength] = useState<string>(lengths[0]);
  const [confirmed, setConfirmed] = useState(false);
  const prefix = kind === 'TIMEOUT' ? 'timeout' : 'self';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    start.mutate({ kind, length } as ExclusionRequest, { onSuccess: () => setConfirmed(false) });
  }

  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`pause.${prefix}Title`)}</h3>
      <p className="protection__hint">{t(`pause.${prefix}Body`)}</p>
      <form className="protection__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={lengthId}>{t('pause.lengthLabel')}</label>
          <select id={lengthId} value={length} onChange={(event) => setLength(event.target.value)}>
            {lengths.map((value) => (
              <option key={value} value={value}>
                {t(`pause.length.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="protection__confirm" htmlFor={confirmId}>
          <input
            id={confirmId}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          {t('pause.confirm')}
        </label>
        <button type="submit" className="button button--outline" disabled={!confirmed || start.isPending}>
          {t('pause.start')}
        </button>
      </form>
      {start.isSuccess && (
        <p className="protection__saved" role="status">
          {start.data.message}
        </p>
      )}
      {start.isError && <FormAlert>{errorText(start.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}
