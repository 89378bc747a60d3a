import { CLAIM_LIMITS, PROMOTION_KINDS, TURNOVER_BASES } from '@app/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import type { Draft } from '@/features/loyalty/components/promotion-draft';

/** How the promotion form hands its draft to its parts. */
export type DraftFields = {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** The id of a field's control. */
  field: (key: keyof Draft) => string;
  /** What a refused field (by its name in the request) allows, or undefined when it is fine. */
  error: (key: string) => string | undefined;
};

type NumberKey = 'percent' | 'turnoverMultiplier' | 'contributionWc' | 'contributionUfa' | 'sortOrder';
type BahtKey = 'fixed' | 'cap' | 'minDeposit' | 'maxWithdraw';
type ChoiceKey = 'kind' | 'turnoverBase' | 'claimLimit' | 'status';

/**
 * The terms of a promotion: its kind and bonus (a fixed amount, or a percent
 * with a cap and a minimum deposit), turnover, the games' contributions, the
 * most a player may withdraw, how often it may be claimed, its window, order
 * and status.
 */
export function PromotionTerms(props: DraftFields) {
  const { t } = useTranslation();
  const { draft, set, field, error } = props;
  const number = (key: NumberKey, label: string, hint?: string) => (
    <TextField {...props} name={key} schemaKey={key} label={label} hint={hint} mode="numeric" />
  );
  const baht = (key: BahtKey, label: string, schemaKey: string, hint?: string) => (
    <TextField {...props} name={key} schemaKey={schemaKey} label={label} hint={hint} mode="decimal" />
  );
  const choice = (key: ChoiceKey, label: string, options: readonly (readonly [string, string])[]) => (
    <FormField id={field(key)} label={label}>
      <select id={field(key)} value={draft[key]} onChange={(event) => set(key, event.target.value as Draft[ChoiceKey])}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
  const moment = (key: 'startsAt' | 'endsAt', label: string) => (
    <FormField
      id={field(key)}
      label={label}
      error={key === 'endsAt' ? error(key) : undefined}
      hint={t('loyalty.optional')}
    >
      <input
        id={field(key)}
        type="datetime-local"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
      />
    </FormField>
  );

  return (
    <div className="settings-form__grid">
      {choice(
        'kind',
        t('loyalty.kind'),
        PROMOTION_KINDS.map((kind) => [kind, t(`loyalty.kind_${kind}`)] as const),
      )}
      {draft.kind === 'FIXED' ? (
        baht('fixed', t('loyalty.fixedAmount'), 'fixedSatang')
      ) : (
        <>
          {number('percent', t('loyalty.percentLabel'))}
          {baht('cap', t('loyalty.cap'), 'capSatang', t('loyalty.optional'))}
          {baht('minDeposit', t('loyalty.minDeposit'), 'minDepositSatang')}
        </>
      )}
      {number('turnoverMultiplier', t('loyalty.turnoverMultiplier'), t('loyalty.turnoverMultiplierHint'))}
      {choice(
        'turnoverBase',
        t('loyalty.turnoverBase'),
        TURNOVER_BASES.map((base) => [base, t(`loyalty.base_${base}`)] as const),
      )}
      {number('contributionWc', t('loyalty.contributionWc'))}
      {number('contributionUfa', t('loyalty.contributionUfa'))}
      {baht('maxWithdraw', t('loyalty.maxWithdraw'), 'maxWithdrawSatang', t('loyalty.optional'))}
      {choice(
        'claimLimit',
        t('loyalty.claimLimit'),
        CLAIM_LIMITS.map((limit) => [limit, t(`loyalty.limit_${limit}`)] as const),
      )}
      {moment('startsAt', t('loyalty.startsAt'))}
      {moment('endsAt', t('loyalty.endsAt'))}
      {number('sortOrder', t('loyalty.sortOrder'))}
      {choice('status', t('common.status'), [
        ['ACTIVE', t('loyalty.statusActive')],
        ['PAUSED', t('loyalty.statusPaused')],
      ])}
    </div>
  );
}

/** A number typed as text: whole (numeric) or baht (decimal); the schema judges it on save. */
function TextField({
  draft,
  set,
  field,
  error,
  name,
  schemaKey,
  label,
  hint,
  mode,
}: DraftFields & {
  name: NumberKey | BahtKey;
  schemaKey: string;
  label: string;
  hint: string | undefined;
  mode: 'numeric' | 'decimal';
}) {
  return (
    <FormField id={field(name)} label={label} error={error(schemaKey)} hint={hint}>
      <input
        id={field(name)}
        inputMode={mode}
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={error(schemaKey) ? true : undefined}
      />
    </FormField>
  );
}
