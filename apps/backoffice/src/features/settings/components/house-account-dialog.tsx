import { type HouseAccount, houseAccountRequestSchema } from '@app/contracts/admin';
import { BANKS, DEFAULT_BANK_CODE, findBank } from '@app/contracts/banks';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { houseAccountChanges, useSaveHouseAccount } from '@/features/settings/api/house-accounts';
import { ItemFormEnd } from '@/features/settings/components/item-form-end';
import { SortOrderField } from '@/features/settings/components/sort-order-field';
import { bankDisplayName } from '@/lib/banks';
import { fieldErrorText } from '@/lib/form-errors';
import { saveItem } from '@/lib/save-item';

/** The form of a house account, new (null) or as it is: on save, only what changed is sent. */
export function HouseAccountDialog({
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
    saveItem({
      item: account ?? undefined,
      values,
      changesOf: houseAccountChanges,
      create: (created) => save.mutate({ account: created }, { onSuccess: onDone }),
      update: (saved, changes) => save.mutate({ id: saved.id, changes }, { onSuccess: onDone }),
      unchanged: () => setUnchanged(true),
    });
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
          <SortOrderField
            id={ids.order}
            error={errors.sortOrder}
            registration={form.register('sortOrder', { valueAsNumber: true })}
          />
        </div>
        <ItemFormEnd
          activeId={ids.active}
          activeLabel={t('settings.accountActive')}
          active={form.register('active')}
          unchanged={unchanged}
          save={save}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}
