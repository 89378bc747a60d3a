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
import { DisplayNameField, PasswordField, RoleField } from '@/features/operators/components/operator-fields';
import type { OperatorItem } from '@/features/operators/components/operator-roles';
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
        <DisplayNameField id={ids.name} error={errors.displayName} registration={form.register('displayName')} />
        <RoleField id={ids.role} registration={form.register('role')} />
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
        <PasswordField
          id={ids.password}
          label={t('operators.newPassword')}
          hint={t('operators.newPasswordHint')}
          error={errors.password}
          registration={form.register('password')}
        />
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
