import { REALITY_CHECK_MINUTES } from '@app/contracts/protection';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useSetRealityCheck } from '@/features/protection/api/protection';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { errorText } from '@/lib/error-text';

/** How often the reality check reminds the player how long they have played; off by default. */
export function RealityCheckForm({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation(PROTECTION_NS);
  const selectId = useId();
  const titleId = useId();
  const save = useSetRealityCheck();
  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('reality.title')}</h3>
      <p className="protection__hint">{t('reality.body')}</p>
      <div className="field">
        <label htmlFor={selectId}>{t('reality.label')}</label>
        <select
          id={selectId}
          value={minutes === null ? '' : String(minutes)}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('reality.off')}</option>
          {REALITY_CHECK_MINUTES.map((value) => (
            <option key={value} value={value}>
              {t('reality.minutes', { count: value })}
            </option>
          ))}
        </select>
      </div>
      {save.isSuccess && (
        <p className="protection__saved" role="status">
          {save.data.message}
        </p>
      )}
      {save.isError && <FormAlert>{errorText(save.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}
