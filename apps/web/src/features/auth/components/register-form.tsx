import './auth-card.css';
import { findBank } from '@app/contracts/banks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/password-field';
import { PAGE_PATHS } from '@/config/paths';
import { BankSelect } from '@/features/auth/components/bank-select';
import { AutoLoginDialog, ConflictDialog } from '@/features/auth/components/register-dialogs';
import { defaultBank, type RegisterField, useRegisterForm } from '@/features/auth/hooks/use-register-form';
import { fieldErrorText } from '@/lib/form-errors';

/** The register screen of spec §2 with the rules of §5 (the contract's schema) and the flow of §4. */
export function RegisterForm() {
  const { t } = useTranslation();
  const ids = { phone: useId(), password: useId(), fullName: useId(), bank: useId(), bankNumber: useId() };
  const { form, bank, setBank, serverError, conflict, setConflict, autoLogin, onSubmit, isPending } = useRegisterForm();
  const errors = form.formState.errors;

  const fieldProps = (field: RegisterField, id: string) => ({
    id,
    ...form.register(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-error` : undefined,
  });

  return (
    <div className="register-card">
      <Link to={PAGE_PATHS.login} className="icon-button register-card__close" aria-label={t('register.closeToLogin')}>
        <CloseIcon />
      </Link>
      <form onSubmit={onSubmit} noValidate aria-labelledby="register-title">
        <h1 id="register-title" className="card-title">
          {t('register.title')}
        </h1>
        <p className="card-subtitle">{t('register.subtitle')}</p>

        <FormField id={ids.phone} label={t('register.phoneLabel')} error={fieldErrorText(errors.phoneNumber)}>
          <input
            {...fieldProps('phoneNumber', ids.phone)}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t('register.phonePlaceholder')}
          />
        </FormField>
        <FormField id={ids.password} label={t('register.passwordLabel')} error={fieldErrorText(errors.password)}>
          <PasswordField
            {...fieldProps('password', ids.password)}
            autoComplete="new-password"
            placeholder={t('register.passwordPlaceholder')}
          />
        </FormField>
        <FormField id={ids.fullName} label={t('register.fullNameLabel')} error={fieldErrorText(errors.fullName)}>
          <input
            {...fieldProps('fullName', ids.fullName)}
            type="text"
            autoComplete="name"
            placeholder={t('register.fullNamePlaceholder')}
          />
        </FormField>
        <div className="field">
          <span className="field-label" id={ids.bank}>
            {t('register.bankLabel')}
          </span>
          <BankSelect
            labelId={ids.bank}
            name="bankCode"
            value={findBank(bank.code)?.code ?? defaultBank.code}
            onChange={(chosen) => setBank({ code: chosen.code, name: chosen.name })}
          />
        </div>
        <FormField id={ids.bankNumber} label={t('register.bankNumberLabel')} error={fieldErrorText(errors.bankNumber)}>
          <input
            {...fieldProps('bankNumber', ids.bankNumber)}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('register.bankNumberPlaceholder')}
          />
        </FormField>

        {serverError && <FormAlert title={t('register.registerFailed')}>{serverError}</FormAlert>}

        <button type="submit" className="button button--gold button--block" disabled={isPending}>
          {isPending ? t('register.submitting') : t('register.submit')}
        </button>
        <p className="register-card__login">
          {t('register.haveAccount')}{' '}
          <Link to={PAGE_PATHS.login} className="text-link">
            {t('register.toLogin')}
          </Link>
        </p>
      </form>

      {conflict && <ConflictDialog conflict={conflict} onClose={() => setConflict(null)} />}
      {autoLogin !== 'idle' && <AutoLoginDialog autoLogin={autoLogin} />}
    </div>
  );
}
