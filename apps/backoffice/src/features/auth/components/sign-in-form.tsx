import './sign-in-form.css';
import { operatorLoginRequestSchema } from '@app/contracts/admin';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { enrol, signIn } from '@/features/auth/api/sign-in';
import { EnrolQr } from '@/features/auth/components/enrol-qr';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { type OperatorSession, useSessionStore } from '@/stores/session-store';

type Enrolment = { enrolToken: string; otpauthUri: string; secret: string };

function failureText(error: unknown): string {
  return error instanceof ApiError ? error.serverMessage : '';
}

/**
 * Sign-in with password and TOTP code. An operator who has no second factor
 * yet gets its QR instead, and the first code from the app finishes the
 * enrolment and signs in.
 */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const ids = { username: useId(), password: useId(), code: useId(), enrolCode: useId() };
  const start = useSessionStore((state) => state.start);
  const endedBecause = useSessionStore((state) => state.endedBecause);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [enrolCode, setEnrolCode] = useState('');
  const form = useZodForm(operatorLoginRequestSchema, { defaultValues: { username: '', password: '', code: '' } });

  const finish = (session: OperatorSession) => {
    start(session);
    onSignedIn();
  };
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: ({ data }) => {
      if (data.status === 'ENROL') setEnrolment(data);
      else finish(data);
    },
  });
  const confirmEnrolment = useMutation({ mutationFn: enrol, onSuccess: ({ data }) => finish(data) });

  const onSubmit = form.handleSubmit((values) => {
    if (!login.isPending) login.mutate({ ...values, code: values.code || undefined });
  });

  function onEnrol(event: FormEvent) {
    event.preventDefault();
    if (enrolment && !confirmEnrolment.isPending) {
      confirmEnrolment.mutate({ enrolToken: enrolment.enrolToken, code: enrolCode.trim() });
    }
  }

  if (enrolment) {
    return (
      <form className="sign-in" onSubmit={onEnrol} noValidate>
        <h1 className="sign-in__title">{t('auth.enrolTitle')}</h1>
        <p className="muted">{t('auth.enrolIntro')}</p>
        <EnrolQr otpauthUri={enrolment.otpauthUri} secret={enrolment.secret} />
        <FormField id={ids.enrolCode} label={t('auth.code')} hint={t('auth.codeHint')}>
          <input
            id={ids.enrolCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={enrolCode}
            onChange={(event) => setEnrolCode(event.target.value.replace(/\D/g, ''))}
          />
        </FormField>
        {confirmEnrolment.isError && <Alert title={t('auth.failed')}>{failureText(confirmEnrolment.error)}</Alert>}
        <button type="submit" className="button button--primary button--block" disabled={confirmEnrolment.isPending}>
          {confirmEnrolment.isPending ? t('auth.submitting') : t('auth.enrolSubmit')}
        </button>
        <button type="button" className="button button--ghost button--block" onClick={() => setEnrolment(null)}>
          {t('auth.enrolBack')}
        </button>
      </form>
    );
  }

  const errors = form.formState.errors;
  return (
    <form className="sign-in" onSubmit={onSubmit} noValidate>
      <h1 className="sign-in__title">{t('auth.title')}</h1>
      <p className="muted">{t('auth.subtitle')}</p>
      {endedBecause === 'expired' && <Alert tone="info">{t('auth.expired')}</Alert>}
      <FormField id={ids.username} label={t('auth.username')} error={fieldErrorText(errors.username)}>
        <input
          id={ids.username}
          autoComplete="username"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${ids.username}-error` : undefined}
          {...form.register('username')}
        />
      </FormField>
      <FormField id={ids.password} label={t('auth.password')} error={fieldErrorText(errors.password)}>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${ids.password}-error` : undefined}
          {...form.register('password')}
        />
      </FormField>
      <FormField id={ids.code} label={t('auth.code')} hint={t('auth.codeHint')}>
        <input
          id={ids.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
        />
      </FormField>
      {login.isError && <Alert title={t('auth.failed')}>{failureText(login.error)}</Alert>}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('auth.submitting') : t('auth.submit')}
      </button>
    </form>
  );
}
