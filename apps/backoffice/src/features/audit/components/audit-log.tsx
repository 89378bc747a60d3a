import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import './audit-log.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { playerPage } from '@/config/paths';
import { useAuditLog, useVerifyChain } from '@/features/audit/api/audit';
import { AuditChanges } from '@/features/audit/components/audit-changes';
import { ChainVerification } from '@/features/audit/components/chain-verification';
import { ApiError } from '@/lib/api-client';
import { bangkokLocalToIso, isoToBangkokLocal } from '@/lib/bangkok-time';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { id: '', actor: '', action: '', targetType: '', targetId: '', from: '', to: '', sort: 'newest' };
type Values = typeof DEFAULTS;
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
function AuditFilterForm({ values, onApply }: { values: Values; onApply: (changes: Partial<Values>) => void }) {
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

/**
 * The audit log: every operator action with who, what, when, why and what it
 * changed, filtered and paged by the address; and the verification of the
 * log's hash chain, whose broken rows link to the log filtered to them.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const log = useAuditLog({ ...values, page });
  const verify = useVerifyChain();

  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')}>
        <button
          type="button"
          className="button"
          disabled={verify.isPending}
          onClick={() => {
            if (!verify.isPending) verify.mutate();
          }}
        >
          {verify.isPending ? t('audit.verifying') : t('audit.verify')}
        </button>
      </PageHeader>
      <div className="audit-verification" aria-live="polite">
        {verify.isSuccess && <ChainVerification result={verify.data} />}
        {verify.isError && (
          <Alert title={t('audit.verifyFailed')}>
            {verify.error instanceof ApiError ? verify.error.serverMessage : ''}
          </Alert>
        )}
      </div>
      <AuditFilterForm
        key={JSON.stringify(values)}
        values={values}
        onApply={(changes) => set({ ...changes, id: '' })}
      />
      <div className="filter-bar">
        <SortFilter value={values.sort} onChange={(sort) => set({ sort })} newestFirst />
        {values.id && (
          <p className="audit-only-row">
            {t('audit.onlyRow', { id: values.id })}{' '}
            <button type="button" className="button button--small" onClick={() => set({ id: '' })}>
              {t('audit.showAllRows')}
            </button>
          </p>
        )}
        {log.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <PagedList query={log} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table audit-table" aria-busy={busy || undefined}>
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.what')}</th>
                  <th scope="col">{t('audit.why')}</th>
                  <th scope="col">{t('audit.change')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id} data-testid="audit-row">
                    <td data-label={t('audit.when')}>
                      <div>
                        {formatDateTime(entry.at)}
                        <div className="muted">{t('audit.rowNumber', { id: entry.id })}</div>
                      </div>
                    </td>
                    <td data-label={t('audit.who')}>{entry.actor}</td>
                    <td data-label={t('audit.what')}>
                      <div>
                        <span className="mono audit-table__action">{entry.action}</span>
                        {entry.targetType && (
                          <div className="muted">
                            {entry.targetType === 'player' && entry.targetId && /^\d+$/.test(entry.targetId) ? (
                              <Link to={playerPage(Number(entry.targetId))}>
                                {t('audit.target', { type: entry.targetType, id: entry.targetId })}
                              </Link>
                            ) : (
                              t('audit.target', { type: entry.targetType, id: entry.targetId ?? '' })
                            )}
                          </div>
                        )}
                      </div>
                    </td>
                    <td data-label={t('audit.why')}>{entry.reason ?? <span className="muted">—</span>}</td>
                    <td data-label={t('audit.change')}>
                      <AuditChanges entry={entry} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </>
  );
}
