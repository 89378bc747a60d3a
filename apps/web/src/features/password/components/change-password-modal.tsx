import { changePasswordRequestSchema } from '@app/contracts/auth';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { MessageDialog } from '@/components/ui/message-dialog';
import { PasswordField } from '@/components/ui/password-field';
import { useChangePassword } from '@/features/password/api/change-password';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import type { ModalProps } from '@/stores/modal-store';

/**
 * Spec §5: the current password is required, the new one has at least 8
 * characters (the contract's rules), and the confirmation must match it. Zod
 * runs the match check even while another field is still wrong, so every
 * error shows at once.
 */
const changePasswordFormSchema = z
  .extend(changePasswordRequestSchema, {
    confirmPassword: z.string().check(z.minLength(1, { error: 'password.confirmRequired' })),
  })
  .check(
    z.refine((fields) => fields.password === fields.confirmPassword, {
      error: 'password.mismatch',
      path: ['confirmPassword'],
    }),
  );
type ChangePasswordField = keyof z.input<typeof changePasswordFormSchema>;

/**
 * Spec §2 change-password modal with the flow of §4: success replaces the form
 * with a success modal. The modal host unmounts this component on close, so the
 * form (and any error) starts empty each time it opens.
 */
export function ChangePasswordModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const ids = { old: useId(), password: useId(), confirm: useId() };
  const form = useZodForm(changePasswordFormSchema, {
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  /** The last failure: the server's message, or '' when it gave none (then the generic title says it all). */
  const [failure, setFailure] = useState<{ message: string } | null>(null);

  const onSubmit = form.handleSubmit(({ oldPassword, password }) => {
    if (changePassword.isPending) return;
    setFailure(null);
    changePassword.mutate(
      { oldPassword, password },
      { onError: (error) => setFailure({ message: error instanceof ApiError ? error.serverMessage : '' }) },
    );
  });

  if (changePassword.isSuccess) {
    return (
      <MessageDialog title={t('password.success')} tone="success" onClose={onClose}>
        {t('password.successBody')}
      </MessageDialog>
    );
  }

  const fieldProps = (field: ChangePasswordField, id: string) => ({
    id,
    ...form.register(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-error` : undefined,
  });

  return (
    <Dialog title={t('modals.changePass')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <div className="dialog__body">
          <FormField id={ids.old} label={t('password.oldLabel')} error={fieldErrorText(errors.oldPassword)}>
            <PasswordField
              {...fieldProps('oldPassword', ids.old)}
              autoComplete="current-password"
              placeholder={t('password.oldPlaceholder')}
            />
          </FormField>
          <FormField id={ids.password} label={t('password.newLabel')} error={fieldErrorText(errors.password)}>
            <PasswordField
              {...fieldProps('password', ids.password)}
              autoComplete="new-password"
              placeholder={t('password.newPlaceholder')}
            />
          </FormField>
          <FormField id={ids.confirm} label={t('password.confirmLabel')} error={fieldErrorText(errors.confirmPassword)}>
            <PasswordField
              {...fieldProps('confirmPassword', ids.confirm)}
              autoComplete="new-password"
              placeholder={t('password.confirmPlaceholder')}
            />
          </FormField>

          {failure && <FormAlert title={t('password.failed')}>{failure.message}</FormAlert>}
        </div>
        <div className="dialog__footer dialog__footer--stack">
          <button type="submit" className="button button--gold button--block" disabled={changePassword.isPending}>
            {changePassword.isPending ? t('password.submitting') : t('password.submit')}
          </button>
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            {t('password.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
