import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import type { useConfirmDepositForm } from '@/features/deposit/hooks/use-confirm-deposit-form';
import { SLIP_IMAGE_MB_MAX } from '@/features/deposit/utils/deposit-rules';
import { fieldErrorText } from '@/lib/form-errors';

/** The accept list of the file input: the types and the extensions (some pickers filter by one, some by the other). */
const SLIP_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** The slip: a picker, or the chosen image's preview with its name and a remove button; the types and size allowed. */
export function SlipField({ deposit }: { deposit: ReturnType<typeof useConfirmDepositForm> }) {
  const { t } = useTranslation();
  const id = useId();
  const { slip, previewUrl } = deposit;
  const error = deposit.form.formState.errors.slip;
  const slipError =
    error?.message === 'deposit.slipTooLarge'
      ? t('deposit.slipTooLarge', { mb: SLIP_IMAGE_MB_MAX })
      : fieldErrorText(error);
  return (
    <FormField id={id} label={t('deposit.slipLabel')} error={slipError}>
      <input
        ref={deposit.slipInput}
        id={id}
        className="visually-hidden"
        type="file"
        accept={SLIP_ACCEPT}
        onChange={deposit.chooseSlip}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
      />
      {slip && previewUrl ? (
        <div className="slip-preview">
          <img className="slip-preview__image" src={previewUrl} alt={t('deposit.slipPreview')} />
          <div className="slip-preview__bar">
            <span className="slip-preview__name">{slip.name}</span>
            <button type="button" className="button button--ghost button--small" onClick={deposit.removeSlip}>
              <CloseIcon />
              {t('deposit.slipRemove')}
            </button>
          </div>
        </div>
      ) : (
        <label htmlFor={id} className={`slip-picker${error ? ' is-invalid' : ''}`} data-testid="slip-picker">
          <span className="slip-picker__title">{t('deposit.slipChoose')}</span>
        </label>
      )}
      <span id={`${id}-hint`} className="confirm-deposit__hint">
        {t('deposit.slipTypes', { mb: SLIP_IMAGE_MB_MAX })}
      </span>
    </FormField>
  );
}
