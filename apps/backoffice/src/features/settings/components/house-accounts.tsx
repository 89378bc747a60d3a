import '@/components/ui/table.css';
import { type HouseAccount, houseAccountRequestSchema, houseAccountUpdateSchema } from '@app/contracts/admin';
import { BANKS, DEFAULT_BANK_CODE, findBank } from '@app/contracts/banks';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { type HouseAccountCreate, useHouseAccounts, useSaveHouseAccount } from '@/features/settings/api/house-accounts';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { ApiError } from '@/lib/api-client';
import { bankDisplayName } from '@/lib/banks';
import { fieldErrorText } from '@/lib/form-errors';

/** Only the fields that differ from the account as it is: a PATCH names nothing else. */
function changesOf(account: HouseAccount, values: HouseAccountCreate) {
  const changes: Partial<HouseAccountCreate> = {};
  if (values.bankCode !== account.bankCode) changes.bankCode = values.bankCode;
  if (values.bankNumber !== account.bankNumber) changes.bankNumber = values.bankNumber;
  if (values.fullName !== account.fullName) changes.fullName = values.fullName;
  if ((values.promptpayId ?? null) !== account.promptpayId) changes.promptpayId = values.promptpayId ?? null;
  if (values.active !== account.active) changes.active = values.active;
  if (values.sortOrder !== account.sortOrder) changes.sortOrder = values.sortOrder;
  return houseAccountUpdateSchema.parse(changes);
}

type Editing = { account: HouseAccount | null };

function HouseAccountDialog({
  account,
  onDone,
  onClose,
}: {
  account: HouseAccount | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = {
    bank: useId(),
    number: useId(),
    name: useId(),
    promptpay: useId(),
    order: useId(),
    active: useId(),
  };
  const save = useSaveHouseAccount();
  const [unchanged, setUnchanged] = useState(false);
  const form = useZodForm(houseAccountRequestSchema, {
    defaultValues: {
      bankCode: findBank(account?.bankCode ?? '')?.code ?? DEFAULT_BANK_CODE,
      bankNumber: account?.bankNumber ?? '',
      fullName: account?.fullName ?? '',
      promptpayId: account?.promptpayId ?? null,
      active: account?.active ?? true,
      sortOrder: account?.sortOrder ?? 0,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    if (!account) {
      save.mutate({ account: values }, { onSuccess: onDone });
      return;
    }
    const changes = changesOf(account, values);
    if (Object.keys(changes).length === 0) {
      setUnchanged(true);
      return;
    }
    save.mutate({ id: account.id, changes }, { onSuccess: onDone });
  });

  const invalid = (field: keyof typeof errors, id: string) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  return (
    <Dialog
      title={account ? t('settings.accountEditTitle', { number: account.bankNumber }) : t('settings.accountNewTitle')}
      onClose={onClose}
      wide
    >
      <form className="settings-form" onSubmit={onSubmit} onChange={() => setUnchanged(false)} noValidate>
        <div className="settings-form__grid">
          <FormField id={ids.bank} label={t('settings.bank')} error={fieldErrorText(errors.bankCode)}>
            <select id={ids.bank} {...invalid('bankCode', ids.bank)} {...form.register('bankCode')}>
              {BANKS.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.code} · {bankDisplayName(bank.code)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id={ids.number}
            label={t('settings.bankNumber')}
            hint={t('settings.bankNumberHint')}
            error={fieldErrorText(errors.bankNumber)}
          >
            <input
              id={ids.number}
              inputMode="numeric"
              autoComplete="off"
              {...invalid('bankNumber', ids.number)}
              {...form.register('bankNumber')}
            />
          </FormField>
          <FormField id={ids.name} label={t('settings.accountName')} error={fieldErrorText(errors.fullName)}>
            <input id={ids.name} autoComplete="off" {...invalid('fullName', ids.name)} {...form.register('fullName')} />
          </FormField>
          <FormField
            id={ids.promptpay}
            label={t('settings.promptpayId')}
            hint={t('settings.promptpayHint')}
            error={fieldErrorText(errors.promptpayId)}
          >
            <input
              id={ids.promptpay}
              inputMode="numeric"
              autoComplete="off"
              {...invalid('promptpayId', ids.promptpay)}
              {...form.register('promptpayId', {
                // An empty box means "no PromptPay ID": null, which the schema takes and the server stores as none.
                setValueAs: (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value),
              })}
            />
          </FormField>
          <FormField
            id={ids.order}
            label={t('settings.sortOrder')}
            hint={t('settings.sortOrderHint')}
            error={fieldErrorText(errors.sortOrder, t('settings.sortOrderInvalid'))}
          >
            <input
              id={ids.order}
              type="number"
              inputMode="numeric"
              min={0}
              max={1000}
              step={1}
              {...invalid('sortOrder', ids.order)}
              {...form.register('sortOrder', { valueAsNumber: true })}
            />
          </FormField>
        </div>
        <label className="check-field" htmlFor={ids.active}>
          <input id={ids.active} type="checkbox" {...form.register('active')} />
          {t('settings.accountActive')}
        </label>
        {unchanged && <Alert tone="info">{t('settings.nothingChanged')}</Alert>}
        {save.isError && (
          <Alert title={t('common.requestFailed')}>
            {save.error instanceof ApiError ? save.error.serverMessage : ''}
          </Alert>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? t('settings.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The house bank accounts players transfer deposits to, with their PromptPay
 * IDs: added and changed by admins; a hidden account stays for matching the
 * bank feed but is no longer offered to players.
 */
export function HouseAccounts() {
  const { t } = useTranslation();
  const accounts = useHouseAccounts();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saved, setSaved] = useState(false);

  const open = (account: HouseAccount | null) => {
    setSaved(false);
    setEditing({ account });
  };

  let body: React.ReactNode;
  if (accounts.isPending) body = <Spinner label={t('common.loading')} />;
  else if (accounts.isError) body = <Alert>{t('common.loadFailed')}</Alert>;
  else if (accounts.data.length === 0) body = <p className="muted">{t('common.empty')}</p>;
  else {
    body = (
      <div className="table-box">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('settings.bank')}</th>
              <th scope="col">{t('settings.bankNumber')}</th>
              <th scope="col">{t('settings.accountName')}</th>
              <th scope="col">{t('settings.promptpayColumn')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col" className="num">
                {t('settings.sortOrder')}
              </th>
              <th scope="col">{t('settings.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {accounts.data.map((account) => (
              <tr key={account.id} data-testid="house-account-row">
                <td data-label={t('settings.bank')}>{bankDisplayName(account.bankCode) ?? account.bankName}</td>
                <td data-label={t('settings.bankNumber')} className="mono">
                  {account.bankNumber}
                </td>
                <td data-label={t('settings.accountName')}>{account.fullName}</td>
                <td data-label={t('settings.promptpayColumn')} className="mono">
                  {account.promptpayId ?? '-'}
                </td>
                <td data-label={t('common.status')}>
                  <StatusBadge
                    status={account.active ? 'ACTIVE' : 'HIDDEN'}
                    label={account.active ? t('settings.shown') : t('settings.hidden')}
                  />
                </td>
                <td data-label={t('settings.sortOrder')} className="num">
                  {account.sortOrder}
                </td>
                <td data-label={t('settings.actions')}>
                  <button type="button" className="button button--small" onClick={() => open(account)}>
                    {t('settings.edit')}
                    <span className="visually-hidden"> {account.bankNumber}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <SettingsSection
      title={t('settings.accountsTitle')}
      intro={t('settings.accountsIntro')}
      addLabel={t('settings.addAccount')}
      onAdd={() => open(null)}
      saved={saved}
    >
      {body}
      {editing && (
        <HouseAccountDialog
          account={editing.account}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setSaved(true);
          }}
        />
      )}
    </SettingsSection>
  );
}
