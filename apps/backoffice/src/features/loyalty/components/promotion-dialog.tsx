import type { Language } from '@app/contracts/languages';
import type { AdminPromotion } from '@app/contracts/loyalty';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormFooter } from '@/components/ui/form-footer';
import { ImageField } from '@/components/ui/image-field';
import { useSavePromotion } from '@/features/loyalty/api/loyalty';
import { type Draft, draftOf, fieldRule, requestOf } from '@/features/loyalty/components/promotion-draft';
import { PromotionTerms } from '@/features/loyalty/components/promotion-terms';
import { PromotionPreview, PromotionTexts } from '@/features/loyalty/components/promotion-texts';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';

/**
 * The form of a promotion, new (null) or as it is: its terms, image and
 * texts with a preview. The draft is checked by the contract's schema on
 * save; each refused field says what it allows.
 */
export function PromotionDialog({
  promotion,
  onClose,
  onSaved,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const id = useId();
  const save = useSavePromotion();
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const [invalid, setInvalid] = useState<string[]>([]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setText = (language: Language, field: 'title' | 'terms', value: string) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [language]: { ...current.texts[language], [field]: value } },
    }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = requestOf(draft);
    if (!result.ok) {
      setInvalid(result.fields);
      return;
    }
    setInvalid([]);
    save.mutate(promotion ? { id: promotion.id, promotion: result.value } : { promotion: result.value }, {
      onSuccess: onSaved,
    });
  }

  const field = (key: keyof Draft) => `${id}-${key}`;
  const error = (key: string) => (invalid.includes(key) ? fieldRule(t, key) : undefined);

  return (
    <Dialog title={promotion ? t('loyalty.editPromotion') : t('loyalty.newPromotion')} onClose={onClose} wide>
      <form className="settings-form promotion-form" onSubmit={onSubmit} noValidate>
        <PromotionTerms draft={draft} set={set} field={field} error={error} />
        <label className="check-field" htmlFor={field('forfeitWinnings')}>
          <input
            id={field('forfeitWinnings')}
            type="checkbox"
            checked={draft.forfeitWinnings}
            onChange={(event) => set('forfeitWinnings', event.target.checked)}
          />
          {t('loyalty.forfeitWinnings')}
        </label>

        <ImageField
          value={draft.imageUrl}
          onChange={(name) => set('imageUrl', name)}
          error={error('imageUrl')}
          nameLabel={t('loyalty.image')}
          nameHint={t('loyalty.imageHint')}
          previewLabel={t('loyalty.imagePreview')}
        />

        <PromotionTexts id={id} draft={draft} setText={setText} invalid={error('texts') !== undefined} />
        <PromotionPreview id={id} draft={draft} />

        {invalid.length > 0 && <Alert>{t('loyalty.fixFields')}</Alert>}
        <FormFooter
          sending={save}
          submitLabel={save.isPending ? t('loyalty.saving') : t('common.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
