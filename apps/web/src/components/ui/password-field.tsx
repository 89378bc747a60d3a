import './form-field.css';
import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from '@/components/ui/first-screen-icons';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** A password input with the show/hide toggle of spec §2. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-with-action">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="input-action"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
