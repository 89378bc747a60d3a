import { LANGUAGES, type Language } from '@app/contracts/languages';
import { bahtToSatang } from '@app/contracts/money';
import { type AdminVipRank, VIP_LIMITS, vipRankRequestSchema } from '@app/contracts/vip';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { NamesFieldset } from '@/components/ui/names-fieldset';
import { useSaveVipRank } from '@/features/vip/api/vip';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';
import { formatMoney } from '@/lib/format';

type Draft = { names: Record<Language, string>; turnover: string; rakeback: string; reward: string };

/** Baht as typed (at most 2 decimals) to satang; anything else NaN, which the schema refuses. */
const satangOf = (text: string) =>
  /^\d{1,12}(\.\d{1,2})?$/.test(text.trim()) ? (bahtToSatang(Number(text.trim())) ?? Number.NaN) : Number.NaN;
/** A percent with at most 2 decimals to basis points; anything else NaN. */
const basisPointsOf = (text: string) =>
  /^\d{1,2}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN;

/** The form of a VIP rank: its names, the lifetime turnover that reaches it, its rakeback and level-up reward. */
export function VipRankDialog({
  rank,
  onClose,
  onSaved,
}: {
  rank: AdminVipRank | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const id = useId();
  const save = useSaveVipRank();
  const [draft, setDraft] = useState<Draft>(() => ({
    names: Object.fromEntries(LANGUAGES.map((language) => [language, rank?.names[language] ?? ''])) as Draft['names'],
    turnover: rank ? String(rank.turnoverSatang / 100) : '',
    rakeback: rank ? String(rank.rakebackBp / 100) : '0',
    reward: rank ? String(rank.levelUpSatang / 100) : '0',
  }));
  const [invalid, setInvalid] = useState<string[]>([]);
  const set = (key: keyof Draft, value: string) => setDraft((current) => ({ ...current, [key]: value }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const names = Object.fromEntries(
      LANGUAGES.filter((language) => draft.names[language].trim() !== '').map((l) => [l, draft.names[l].trim()]),
    );
    const parsed = vipRankRequestSchema.safeParse({
      names,
      turnoverSatang: satangOf(draft.turnover),
      rakebackBp: basisPointsOf(draft.rakeback),
      levelUpSatang: satangOf(draft.reward),
    });
    if (!parsed.success) {
      setInvalid([...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'names')))]);
      return;
    }
    setInvalid([]);
    save.mutate(rank ? { id: rank.id, rank: parsed.data } : { rank: parsed.data }, { onSuccess: onSaved });
  }

  const error = (key: string, text: string) => (invalid.includes(key) ? text : undefined);
  const field = (key: 'turnover' | 'rakeback' | 'reward', schemaKey: string, label: string, rule: string) => (
    <FormField id={`${id}-${key}`} label={label} error={error(schemaKey, rule)}>
      <input
        id={`${id}-${key}`}
        inputMode="decimal"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={invalid.includes(schemaKey) ? true : undefined}
      />
    </FormField>
  );
  const max = formatMoney(VIP_LIMITS.amountSatangMax / 100);

  return (
    <Dialog title={rank ? t('vip.edit') : t('vip.new')} onClose={onClose} wide>
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <div className="settings-form__grid">
          {field('turnover', 'turnoverSatang', t('vip.turnover'), t('vip.turnoverRule'))}
          {field('rakeback', 'rakebackBp', t('vip.rakeback'), t('vip.rakebackRule'))}
          {field('reward', 'levelUpSatang', t('vip.reward'), t('loyalty.amountFromZero', { max }))}
        </div>
        <NamesFieldset
          id={id}
          names={draft.names}
          onChange={(names) => setDraft((current) => ({ ...current, names }))}
          thaiError={error('names', t('cashback.nameRule'))}
        />
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
