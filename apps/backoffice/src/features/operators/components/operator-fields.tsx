import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { RoleOptions } from '@/features/operators/components/operator-roles';
import { fieldErrorText } from '@/lib/form-errors';

/** A field's id, its error and its registration with the form: what every operator field takes. */
type FieldProps = { id: string; error?: FieldError | undefined; registration: UseFormRegisterReturn };

/** The error's id as the input's description while there is one. */
const described = (error: FieldError | undefined, id: string) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

/** The name other operators and the audit log see. */
export function DisplayNameField({ id, error, registration }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('operators.displayName')}
      error={fieldErrorText(error, t('operators.displayNameInvalid'))}
    >
      <input id={id} autoComplete="off" {...described(error, id)} {...registration} />
    </FormField>
  );
}

/** The operator's role, from the roles the back office knows. */
export function RoleField({ id, registration }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('operators.role')}>
      <select id={id} {...registration}>
        <RoleOptions />
      </select>
    </FormField>
  );
}

/** A password the operator signs in with: a first one, or a new one set by an admin. */
export function PasswordField({ id, error, registration, label, hint }: FieldProps & { label: string; hint: string }) {
  return (
    <FormField id={id} label={label} hint={hint} error={fieldErrorText(error)}>
      <input id={id} type="password" autoComplete="new-password" {...described(error, id)} {...registration} />
    </FormField>
  );
}
