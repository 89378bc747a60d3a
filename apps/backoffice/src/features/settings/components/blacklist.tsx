import '@/components/ui/filter-bar.css';
import { BLACKLIST_KINDS, type BlacklistEntry, type BlacklistKind, blacklistRequestSchema } from '@app/contracts/admin';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { SelectFilter } from '@/components/ui/list-filters';
import { useBlacklist, useChangeBlacklist } from '@/features/settings/api/blacklist';
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
        <FormFooter
          sending={change}
          submitLabel={change.isPending ? t('settings.saving') : t('blacklist.add')}
          onCancel={onClose}
        />
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
  const catalogue = useCatalogue<BlacklistEntry>();
  const list = useBlacklist(page, kind);
  const columns: Column<BlacklistEntry>[] = [
    { header: t('blacklist.kind'), cell: (entry) => t(`blacklist.kinds.${entry.kind}`) },
    {
      header: t('blacklist.value'),
      className: (entry) => (entry.kind === 'NAME' ? undefined : 'mono'),
      cell: (entry) => entry.value,
    },
    { header: t('blacklist.note'), cell: (entry) => entry.note ?? '-' },
    { header: t('blacklist.addedBy'), cell: (entry) => `${entry.createdBy} · ${formatDateTime(entry.createdAt)}` },
    {
      header: t('settings.actions'),
      cell: (entry) => <RemoveButton entry={entry} onRemoved={() => catalogue.say(t('settings.saved'))} />,
    },
  ];
  const filter = (
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
  );
  return (
    <Catalogue
      level="section"
      state={catalogue}
      title={t('blacklist.title')}
      intro={t('blacklist.intro')}
      addLabel={t('blacklist.add')}
      toolbar={filter}
      query={list}
      page={page}
      onPage={setPage}
      columns={columns}
      rowKey={(entry) => entry.id}
      rowTestId="blacklist-row"
      form={() => <AddDialog onClose={catalogue.close} onDone={() => catalogue.done(t('settings.saved'))} />}
    />
  );
}
