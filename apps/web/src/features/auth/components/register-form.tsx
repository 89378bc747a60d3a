import './auth-card.css';
import { type RegisterRequest, registerFieldsSchema } from '@app/contracts/auth';
import { BANKS, type Bank, bankNumberProblem, DEFAULT_BANK_CODE, findBank } from '@app/contracts/banks';
import { AUTO_LOGIN_FAILED_REDIRECT_MS, REGISTER_AGENT_ID } from '@app/contracts/limits';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_PATHS } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { useRegister } from '@/features/auth/api/register';
import { BankSelect } from '@/features/auth/components/bank-select';
import { type RegisterConflict, registerConflict } from '@/features/auth/utils/register-conflict';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';

const defaultBank: Bank = findBank(DEFAULT_BANK_CODE) ?? BANKS[0];

/** The fields the player types; the rest of the payload (agent, bank, LINE id) is filled in on submit. */
const registerFormSchema = z.pick(registerFieldsSchema, {
  phoneNumber: true,
  password: true,
  fullName: true,
  bankNumber: true,
});
type RegisterField = keyof z.input<typeof registerFormSchema>;

type AutoLogin = 'idle' | 'pending' | 'done' | 'failed';

/** The register screen of spec §2 with the rules of §5 (the contract's schema) and the flow of §4. */
export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  const ids = { phone: useId(), password: useId(), fullName: useId(), bank: useId(), bankNumber: useId() };
  const form = useZodForm(registerFormSchema, {
    defaultValues: { phoneNumber: '', password: '', fullName: '', bankNumber: '' },
  });
  const errors = form.formState.errors;
  const [bank, setBank] = useState<{ code: string; name: string }>({ code: defaultBank.code, name: defaultBank.name });
  const [serverError, setServerError] = useState('');
  const [conflict, setConflict] = useState<RegisterConflict | null>(null);
  const [autoLogin, setAutoLogin] = useState<AutoLogin>('idle');

  useEffect(() => {
    if (autoLogin !== 'failed') return;
    const timer = setTimeout(() => navigate(PAGE_PATHS.login, { replace: true }), AUTO_LOGIN_FAILED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [autoLogin, navigate]);

  const onSubmit = form.handleSubmit((fields) => {
    if (register.isPending) return;
    setServerError('');
    // The number's length depends on the bank chosen beside it: 10 digits, or 12 at GSB, GHB and BAAC.
    const bankNumberError = bankNumberProblem(bank.code, fields.bankNumber);
    if (bankNumberError) {
      form.setError('bankNumber', { message: bankNumberError }, { shouldFocus: true });
      return;
    }
    const payload: RegisterRequest = {
      agentId: REGISTER_AGENT_ID,
      ...fields,
      bankCode: bank.code,
      bankName: bank.name,
      lineId: fields.phoneNumber,
    };
    register.mutate(payload, {
      onSuccess: () => {
        setAutoLogin('pending');
        login.mutate(
          { username: fields.phoneNumber, password: fields.password },
          { onSuccess: () => setAutoLogin('done'), onError: () => setAutoLogin('failed') },
        );
      },
      onError: async (failure) => {
        const kind = await registerConflict(failure).catch(() => null);
        if (kind) {
          setConflict(kind);
          return;
        }
        setServerError(
          failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t('register.failed'),
        );
      },
    });
  });

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

        <button type="submit" className="button button--gold button--block" disabled={register.isPending}>
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </button>
        <p className="register-card__login">
          {t('register.haveAccount')}{' '}
          <Link to={PAGE_PATHS.login} className="text-link">
            {t('register.toLogin')}
          </Link>
        </p>
      </form>

      {conflict && (
        <Dialog
          title={conflict === 'phone' ? t('register.phoneInUseTitle') : t('register.bankInUseTitle')}
          onClose={() => setConflict(null)}
          className="dialog--alert"
        >
          <p className="dialog__text">
            {conflict === 'phone' ? t('register.phoneInUseBody') : t('register.bankInUseBody')}
          </p>
          <div className="dialog__footer">
            <button type="button" className="button button--gold" onClick={() => setConflict(null)}>
              {t('common.confirm')}
            </button>
          </div>
        </Dialog>
      )}

      {autoLogin !== 'idle' && (
        <Dialog title={t('register.success')} className="dialog--success">
          <p className="dialog__text">{t('register.successBody')}</p>
          {autoLogin === 'pending' && (
            <p className="dialog__status">
              <Spinner /> {t('register.autoLoggingIn')}
            </p>
          )}
          {autoLogin === 'failed' && (
            <p className="dialog__status" role="alert">
              {t('register.autoLoginFailed')}
            </p>
          )}
          <div className="dialog__footer">
            <button
              type="button"
              className="button button--gold button--block"
              disabled={autoLogin !== 'done'}
              onClick={() => navigate(PAGE_PATHS.home, { replace: true })}
            >
              {t('common.confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
