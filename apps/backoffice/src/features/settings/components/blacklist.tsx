import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import { BLACKLIST_KINDS, type BlacklistEntry, type BlacklistKind, blacklistRequestSchema } from '@app/contracts/admin';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectFilter } from '@/components/ui/list-filters';
import { PagedList } from '@/components/ui/paged-list';
import { useBlacklist, useChangeBlacklist } from '@/features/settings/api/blacklist';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';

function AddDialog({ onDone, onClose }: { onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { kind: useId(), value: useId(), note: useId() };
  const change = useChangeBlacklist();
  const form = useZodForm(blacklistRequestSchema, { defaultValues: { kind: 'BANK_ACCOUNT', value: '', note: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    if (change.isPending) return;
    change.mutate({ add: values }, { onSuccess: onDone });
  });
  return (
    <Dialog title={t('blacklist.addTitle')} onClose={onClose}>
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <FormField id={ids.kind} label={t('blacklist.kind')}>
          <select id={ids.kind} {...form.register('kind')}>
            {BLACKLIST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`blacklist.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={ids.value}
          label={t('blacklist.value')}
          hint={t('blacklist.valueHint')}
          error={fieldErrorText(errors.value)}
        >
          <input
            id={ids.value}
            autoComplete="off"
            {...(errors.value ? { 'aria-invalid': true, 'aria-describedby': `${ids.value}-error` } : {})}
            {...form.register('value')}
          />
        </FormField>
        <FormField id={ids.note} label={t('blacklist.note')} error={fieldErrorText(errors.note)}>
          <input id={ids.note} autoComplete="off" {...form.register('note')} />
        </FormField>
        {change.isError && (
          <Alert title={t('common.requestFailed')}>
            {change.error instanceof ApiError ? change.error.serverMessage : ''}
          </Alert>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? t('settings.saving') : t('blacklist.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveButton({ entry, onRemoved }: { entry: BlacklistEntry; onRemoved: () => void }) {
  const { t } = useTranslation();
  const change = useChangeBlacklist();
  return (
    <button
      type="button"
      className="button button--small"
      disabled={change.isPending}
      onClick={() => {
        if (window.confirm(t('blacklist.removeConfirm', { value: entry.value }))) {
          change.mutate({ remove: entry.id }, { onSuccess: onRemoved });
        }
      }}
    >
      {t('blacklist.remove')}
      <span className="visually-hidden"> {entry.value}</span>
    </button>
  );
}

/**
 * The blacklist: bank accounts, phone numbers and names an admin
 * has barred. A barred phone or account cannot register; names are kept for
 * the withdrawal risk rules (not built yet). Compared as digits, or as a name without title,
 * spaces or case, so the form an operator types it in does not matter.
 */
export function Blacklist() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<BlacklistKind | ''>('');
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  const list = useBlacklist(page, kind);
  return (
    <SettingsSection
      title={t('blacklist.title')}
      intro={t('blacklist.intro')}
      addLabel={t('blacklist.add')}
      onAdd={() => {
        setSaved(false);
        setAdding(true);
      }}
      saved={saved}
    >
      <div className="filter-bar">
        <SelectFilter
          label={t('blacklist.kind')}
          value={kind}
          options={[
            ['', t('blacklist.allKinds')],
            ...BLACKLIST_KINDS.map((option) => [option, t(`blacklist.kinds.${option}`)] as const),
          ]}
          onChange={(value) => {
            setKind(value as BlacklistKind | '');
            setPage(1);
          }}
        />
      </div>
      <PagedList query={list} page={page} onPage={setPage}>
        {(items) => (
          <div className="table-box">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('blacklist.kind')}</th>
                  <th scope="col">{t('blacklist.value')}</th>
                  <th scope="col">{t('blacklist.note')}</th>
                  <th scope="col">{t('blacklist.addedBy')}</th>
                  <th scope="col">{t('settings.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id} data-testid="blacklist-row">
                    <td data-label={t('blacklist.kind')}>{t(`blacklist.kinds.${entry.kind}`)}</td>
                    <td data-label={t('blacklist.value')} className={entry.kind === 'NAME' ? undefined : 'mono'}>
                      {entry.value}
                    </td>
                    <td data-label={t('blacklist.note')}>{entry.note ?? '-'}</td>
                    <td data-label={t('blacklist.addedBy')}>
                      {entry.createdBy} · {formatDateTime(entry.createdAt)}
                    </td>
                    <td data-label={t('settings.actions')}>
                      <RemoveButton entry={entry} onRemoved={() => setSaved(true)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {adding && (
        <AddDialog
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            setSaved(true);
          }}
        />
      )}
    </SettingsSection>
  );
}
