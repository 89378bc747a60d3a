import './promptpay-qr.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { usePromptPayQr } from '@/features/deposit/api/get-promptpay-qr';
import { useDebouncedValue } from '@/features/deposit/hooks/use-debounced-value';
import { useQrImage } from '@/features/deposit/hooks/use-qr-image';
import { decimalAmountText, depositMinimumText, promptPayAmountSchema } from '@/features/deposit/utils/deposit-rules';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { usePlayerLimits } from '@/lib/money-settings';

/** How long the typed amount must stay still before the server is asked for its QR. */
export const QR_AMOUNT_DEBOUNCE_MS = 400;

type AmountState = { amount: string | null; error: string | null };

/** The settled text as the query's amount: empty means a QR without an amount; "150." counts as "150". */
function readAmount(text: string, minSatang: number): AmountState {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '') return { amount: null, error: null };
  const parsed = promptPayAmountSchema(minSatang).safeParse(trimmed);
  if (parsed.success) return { amount: trimmed, error: null };
  return { amount: null, error: parsed.error.issues[0]?.message ?? 'deposit.amountRequired' };
}

/**
 * A PromptPay QR for the house account (beyond the spec): the player may type
 * the amount, and the QR then carries it, so the banking app fills it in. The
 * payload comes from the server; this draws it. A QR for another amount is
 * never shown as this one's: while the amount is being typed the old QR is
 * dimmed, and an invalid amount shows no QR at all.
 */
export function PromptPayQr({ promptpayId }: { promptpayId: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const titleId = useId();
  const [amountText, setAmountText] = useState('');
  const settledText = useDebouncedValue(amountText, QR_AMOUNT_DEBOUNCE_MS);
  const { depositMinSatang } = usePlayerLimits();
  const { amount, error } = readAmount(settledText, depositMinSatang);
  const qr = usePromptPayQr(amount, error === null);
  const { image, failed: drawFailed } = useQrImage(qr.data?.data.payload);
  const typing = amountText !== settledText;

  const errorText =
    error === 'deposit.amountBelowMinimum'
      ? t('deposit.amountBelowMinimum', { amount: depositMinimumText(depositMinSatang) })
      : fieldErrorText(error ? { message: error } : undefined);
  const qrAmount = qr.data?.data.amount ?? null;
  const amountLabel = qrAmount === null ? null : formatBahtWithSymbol(qrAmount);

  let picture: ReactNode;
  if (qr.isError && qr.error instanceof ApiError && qr.error.status === 403 && qr.error.serverMessage) {
    // Refused by the player's own protection: the server's reason is the whole story.
    picture = <FormAlert className="promptpay__alert">{qr.error.serverMessage}</FormAlert>;
  } else if (qr.isError) {
    picture = (
      <FormAlert
        className="promptpay__alert"
        title={t('deposit.qrFailed')}
        action={
          <button type="button" className="button button--ghost button--small" onClick={() => qr.refetch()}>
            {t('deposit.qrRetry')}
          </button>
        }
      >
        {qr.error instanceof ApiError ? qr.error.serverMessage : ''}
      </FormAlert>
    );
  } else if (drawFailed) {
    picture = <FormAlert className="promptpay__alert" title={t('deposit.qrFailed')} />;
  } else if (image) {
    picture = (
      <img
        className={`promptpay__image${typing ? ' is-stale' : ''}`}
        src={image}
        alt={amountLabel ? t('deposit.qrAlt', { amount: amountLabel }) : t('deposit.qrAltAnyAmount')}
        width={220}
        height={220}
      />
    );
  } else {
    picture = (
      <div className="promptpay__placeholder">
        <Spinner label={t('deposit.qrLoading')} />
      </div>
    );
  }

  return (
    <section className="promptpay" aria-labelledby={titleId}>
      <h3 id={titleId} className="deposit__heading">
        {t('deposit.promptPayTitle')}
      </h3>
      <p className="promptpay__id">{t('deposit.promptPayId', { id: promptpayId })}</p>
      <FormField id={inputId} label={t('deposit.qrAmountLabel')} error={errorText}>
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('deposit.qrAmountPlaceholder')}
          value={amountText}
          onChange={(event) => setAmountText(decimalAmountText(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
      </FormField>
      {!error && (
        <div className="promptpay__qr" aria-busy={typing || qr.isFetching}>
          {picture}
          {image && !typing && (
            <>
              <p className="promptpay__amount">
                {amountLabel ? t('deposit.qrAmount', { amount: amountLabel }) : t('deposit.qrAnyAmount')}
              </p>
              <a
                className="button button--outline button--small"
                href={image}
                download={amount ? `promptpay-${amount}.png` : 'promptpay.png'}
              >
                {t('deposit.saveQr')}
              </a>
              <p className="deposit__hint">{t('deposit.scanHint')}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
