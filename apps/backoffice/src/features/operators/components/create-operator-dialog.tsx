import { createOperatorRequestSchema } from '@app/contracts/admin';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { useCreateOperator } from '@/features/operators/api/operators';
import { DisplayNameField, PasswordField, RoleField } from '@/features/operators/components/operator-fields';
import { fieldErrorText } from '@/lib/form-errors';

/** A new operator: username, display name, role and a first password; the second factor comes at first sign-in. */
export function CreateOperatorDialog({ onDone, onClose }: { onDone: (username: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { username: useId(), name: useId(), role: useId(), password: useId() };
  const create = useCreateOperator();
  const form = useZodForm(createOperatorRequestSchema, {
    defaultValues: { username: '', displayName: '', role: 'operator', password: '' },
  });
  const errors = form.formState.errors;
  const described = (error: unknown, id: string) =>
    error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  const onSubmit = form.handleSubmit((values) => {
    if (!create.isPending) create.mutate(values, { onSuccess: ({ data }) => onDone(data.username) });
  });

  return (
    <Dialog title={t('operators.newTitle')} onClose={onClose}>
      <form className="dialog__form" onSubmit={onSubmit} noValidate>
        <FormField
          id={ids.username}
          label={t('operators.username')}
          hint={t('operators.usernameHint')}
          error={fieldErrorText(errors.username)}
        >
          <input
            id={ids.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...described(errors.username, ids.username)}
            {...form.register('username')}
          />
        </FormField>
        <DisplayNameField id={ids.name} error={errors.displayName} registration={form.register('displayName')} />
        <RoleField id={ids.role} registration={form.register('role')} />
        <PasswordField
          id={ids.password}
          label={t('operators.password')}
          hint={t('operators.passwordHint')}
          error={errors.password}
          registration={form.register('password')}
        />
        <FormFooter
          sending={create}
          submitLabel={create.isPending ? t('operators.saving') : t('operators.create')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
