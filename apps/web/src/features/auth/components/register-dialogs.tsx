import { AUTO_LOGIN_FAILED_REDIRECT_MS } from '@app/contracts/limits';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_PATHS } from '@/config/paths';
import type { AutoLogin } from '@/features/auth/hooks/use-register-form';
import type { RegisterConflict } from '@/features/auth/utils/register-conflict';

/** The phone number or the bank account is someone's already: says which. */
export function ConflictDialog({ conflict, onClose }: { conflict: RegisterConflict; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={conflict === 'phone' ? t('register.phoneInUseTitle') : t('register.bankInUseTitle')}
      onClose={onClose}
      className="dialog--alert"
    >
      <p className="dialog__text">
        {conflict === 'phone' ? t('register.phoneInUseBody') : t('register.bankInUseBody')}
      </p>
      <div className="dialog__footer">
        <button type="button" className="button button--gold" onClick={onClose}>
          {t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Registered: the automatic sign-in under way, done (the button goes home) or failed (the login screen
 * follows after AUTO_LOGIN_FAILED_REDIRECT_MS).
 */
export function AutoLoginDialog({ autoLogin }: { autoLogin: Exclude<AutoLogin, 'idle'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    if (autoLogin !== 'failed') return;
    const timer = setTimeout(() => navigate(PAGE_PATHS.login, { replace: true }), AUTO_LOGIN_FAILED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [autoLogin, navigate]);

  return (
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
  );
}
