import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { bangkokLocalToIso, isoToBangkokLocal } from '@/lib/bangkok-time';

/** The log's filters as the address keeps them. */
export type AuditFilterValues = {
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
};
type TextFilter = 'actor' | 'action' | 'targetType' | 'targetId';

/** What the server records today; a hint in the fields, not a limit (the fields take any text). */
const KNOWN_ACTIONS = [
  'player.credit',
  'player.debit',
  'player.freeze',
  'player.unfreeze',
  'withdrawal.approve',
  'withdrawal.reject',
  'deposit.approve',
  'deposit.reject',
  'bank_transfer.assign',
  'operator.create',
  'operator.update',
  'operator.enrol_second_factor',
  'setting.update',
  'house_account.create',
  'house_account.update',
  'reward.create',
  'reward.update',
  'reward_image.upload',
];
const KNOWN_TARGET_TYPES = [
  'player',
  'history',
  'bank_transfer',
  'operator',
  'setting',
  'house_account',
  'reward',
  'reward_image',
];

/**
 * The filters of the log, applied together on submit. Times are typed on
 * Bangkok's clock and kept in the address as ISO 8601 with +07:00, exactly as
 * the API takes them. Mounted afresh whenever the address changes (see the
 * key below), so what it shows is always what the list is filtered by.
 */
export function AuditFilterForm({
  values,
  onApply,
}: {
  values: AuditFilterValues;
  onApply: (changes: Partial<AuditFilterValues>) => void;
}) {
  const { t } = useTranslation();
  const ids = {
    actor: useId(),
    action: useId(),
    targetType: useId(),
    targetId: useId(),
    from: useId(),
    to: useId(),
    actions: useId(),
    targetTypes: useId(),
  };
  const [draft, setDraft] = useState({
    actor: values.actor,
    action: values.action,
    targetType: values.targetType,
    targetId: values.targetId,
    from: isoToBangkokLocal(values.from),
    to: isoToBangkokLocal(values.to),
  });
  const edit = (field: keyof typeof draft) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((previous) => ({ ...previous, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      actor: draft.actor.trim(),
      action: draft.action.trim(),
      targetType: draft.targetType.trim(),
      targetId: draft.targetId.trim(),
      from: bangkokLocalToIso(draft.from),
      to: bangkokLocalToIso(draft.to),
    });
  }

  const text = (field: TextFilter, label: string, list?: string) => (
    <FormField id={ids[field]} label={label}>
      <input
        id={ids[field]}
        type="text"
        value={draft[field]}
        maxLength={100}
        autoComplete="off"
        list={list}
        onChange={edit(field)}
      />
    </FormField>
  );

  return (
    <search aria-label={t('audit.filters')}>
      <form className="audit-filters" onSubmit={submit}>
        {text('actor', t('audit.actor'))}
        {text('action', t('audit.action'), ids.actions)}
        {text('targetType', t('audit.targetType'), ids.targetTypes)}
        {text('targetId', t('audit.targetId'))}
        <FormField id={ids.from} label={t('audit.from')}>
          <input id={ids.from} type="datetime-local" value={draft.from} onChange={edit('from')} />
        </FormField>
        <FormField id={ids.to} label={t('audit.to')}>
          <input id={ids.to} type="datetime-local" value={draft.to} onChange={edit('to')} />
        </FormField>
        <div className="audit-filters__actions">
          <button type="submit" className="button button--primary">
            {t('audit.apply')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => onApply({ actor: '', action: '', targetType: '', targetId: '', from: '', to: '' })}
          >
            {t('audit.clear')}
          </button>
        </div>
        <datalist id={ids.actions}>
          {KNOWN_ACTIONS.map((action) => (
            <option key={action} value={action} />
          ))}
        </datalist>
        <datalist id={ids.targetTypes}>
          {KNOWN_TARGET_TYPES.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
      </form>
    </search>
  );
}
