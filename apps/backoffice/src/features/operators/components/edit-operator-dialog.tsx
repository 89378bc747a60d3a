import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { CheckField } from '@/components/ui/check-field';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { useUpdateOperator } from '@/features/operators/api/operators';
import { editOperatorSchema } from '@/features/operators/components/edit-operator-fields';
import { type OperatorItem, RoleOptions } from '@/features/operators/components/operator-roles';
import { fieldErrorText } from '@/lib/form-errors';

/**
 * Changes an operator: name, role, disabled, a reset of the second factor, a
 * new password. The changes are checked by the contract's schema; the server's
 * refusals (one's own role or account, CANNOT_CHANGE_SELF) are shown as it words them.
 */
export function EditOperatorDialog({
  operator,
  isSelf,
  onDone,
  onClose,
}: {
  operator: OperatorItem;
  isSelf: boolean;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ids = {
    name: useId(),
    role: useId(),
    disabled: useId(),
    reset: useId(),
    password: useId(),
    creditLimit: useId(),
  };
  const update = useUpdateOperator();
  const [unchanged, setUnchanged] = useState(false);
  // The form's fields become the changes, which the contract's update schema checks before anything is sent.
  const [schema] = useState(() => editOperatorSchema(operator));
  const form = useZodForm(schema, {
    defaultValues: {
      displayName: operator.displayName,
      role: operator.role,
      disabled: operator.disabled,
      resetSecondFactor: false,
      password: '',
      manualCreditLimit: operator.manualCreditLimit === null ? '' : String(operator.manualCreditLimit),
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((changes) => {
    if (update.isPending) return;
    if (Object.keys(changes).length === 0) {
      setUnchanged(true);
      return;
    }
    update.mutate({ id: operator.id, changes }, { onSuccess: onDone });
  });

  return (
    <Dialog title={t('operators.editTitle', { name: operator.username })} onClose={onClose}>
      <form className="dialog__form" onSubmit={onSubmit} onChange={() => setUnchanged(false)} noValidate>
        {isSelf && <Alert tone="info">{t('operators.selfHint')}</Alert>}
        <FormField
          id={ids.name}
          label={t('operators.displayName')}
          error={fieldErrorText(errors.displayName, t('operators.displayNameInvalid'))}
        >
          <input
            id={ids.name}
            autoComplete="off"
            aria-invalid={errors.displayName ? true : undefined}
            aria-describedby={errors.displayName ? `${ids.name}-error` : undefined}
            {...form.register('displayName')}
          />
        </FormField>
        <FormField id={ids.role} label={t('operators.role')}>
          <select id={ids.role} {...form.register('role')}>
            <RoleOptions />
          </select>
        </FormField>
        <CheckField id={ids.disabled} label={t('operators.disabledLabel')} hint={t('operators.disabledHint')}>
          <input
            id={ids.disabled}
            type="checkbox"
            aria-describedby={`${ids.disabled}-hint`}
            {...form.register('disabled')}
          />
        </CheckField>
        <CheckField id={ids.reset} label={t('operators.resetLabel')} hint={t('operators.resetHint')}>
          <input
            id={ids.reset}
            type="checkbox"
            aria-describedby={`${ids.reset}-hint`}
            {...form.register('resetSecondFactor')}
          />
        </CheckField>
        <FormField
          id={ids.password}
          label={t('operators.newPassword')}
          hint={t('operators.newPasswordHint')}
          error={fieldErrorText(errors.password)}
        >
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            {...form.register('password')}
          />
        </FormField>
        <FormField
          id={ids.creditLimit}
          label={t('operators.creditLimit')}
          hint={t('operators.creditLimitHint')}
          error={fieldErrorText(errors.manualCreditLimit)}
        >
          <input
            id={ids.creditLimit}
            inputMode="decimal"
            autoComplete="off"
            disabled={isSelf}
            aria-invalid={errors.manualCreditLimit ? true : undefined}
            aria-describedby={errors.manualCreditLimit ? `${ids.creditLimit}-error` : `${ids.creditLimit}-hint`}
            {...form.register('manualCreditLimit')}
          />
        </FormField>
        {unchanged && <Alert tone="info">{t('operators.nothingChanged')}</Alert>}
        <FormFooter
          sending={update}
          submitLabel={update.isPending ? t('operators.saving') : t('common.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
