import './auth-card.css';
import { LOGIN_SUCCESS_CLOSE_MS, LOGIN_SUCCESS_NAVIGATE_MS } from '@app/contracts/limits';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { PasswordField } from '@/components/ui/password-field';
import { SuccessView } from '@/components/ui/success-view';
import { PAGE_PATHS } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { ExternalChatLink } from '@/features/auth/components/external-chat-link';
import { loginErrorMessage } from '@/features/auth/utils/login-error-message';

type Phase = 'idle' | 'success' | 'closing';

type LoginFormProps = {
  /** Called once the success animation has run (spec §2: 1000 ms, then 500 ms). */
  onSuccess: () => void;
};

/** The login screen of spec §2; no client-side validation, the server decides (spec §5). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const phoneId = useId();
  const passwordId = useId();
  const errorId = useId();

  useEffect(() => {
    if (phase === 'idle') return;
    const timer =
      phase === 'success'
        ? setTimeout(() => setPhase('closing'), LOGIN_SUCCESS_CLOSE_MS)
        : setTimeout(onSuccess, LOGIN_SUCCESS_NAVIGATE_MS);
    return () => clearTimeout(timer);
  }, [phase, onSuccess]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    setError('');
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => setPhase('success'),
        onError: (failure) => setError(loginErrorMessage(failure, t)),
      },
    );
  }

  const submitting = login.isPending;
  return (
    <div className={`login-card${phase === 'closing' ? ' is-closing' : ''}`}>
      {phase !== 'idle' ? (
        <SuccessView>{t('login.success')}</SuccessView>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-labelledby="login-title">
          <h1 id="login-title" className="card-title">
            {t('login.title')}
          </h1>
          <p className="card-subtitle">{t('login.subtitle')}</p>

          <FormField id={phoneId} label={t('login.phoneLabel')}>
            <input
              id={phoneId}
              name="username"
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t('login.phonePlaceholder')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              aria-describedby={error ? errorId : undefined}
            />
          </FormField>
          <FormField id={passwordId} label={t('login.passwordLabel')}>
            <PasswordField
              id={passwordId}
              name="password"
              autoComplete="current-password"
              placeholder={t('login.passwordPlaceholder')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={error ? errorId : undefined}
            />
          </FormField>

          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>

          <button type="submit" className="button button--gold button--block" disabled={submitting}>
            {submitting ? t('login.submitting') : t('login.submit')}
          </button>

          <div className="login-links">
            <ExternalChatLink className="text-link">{t('login.forgotPassword')}</ExternalChatLink>
            <ExternalChatLink className="text-link">{t('login.noAccount')}</ExternalChatLink>
          </div>
          <Link to={PAGE_PATHS.register} className="button button--outline button--block">
            {t('login.register')}
          </Link>
        </form>
      )}
    </div>
  );
}
