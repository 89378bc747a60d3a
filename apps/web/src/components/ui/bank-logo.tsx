import './bank-logo.css';
import { BANKS } from '@app/contracts/banks';
import { useState } from 'react';

/** Spec §2: bank logos are served at /images/bank-png/{bankCode}.png. */
export function bankLogoUrl(code: string): string {
  return `/images/bank-png/${encodeURIComponent(code)}.png`;
}

type BankLogoProps = { code: string; size?: number };

/** A bank's logo; when the image is missing, the bank's initials on its colour. Decorative: the name is beside it. */
export function BankLogo({ code, size = 28 }: BankLogoProps) {
  const [failed, setFailed] = useState(false);
  const dimensions = { width: size, height: size };
  if (failed) {
    const colour = BANKS.find((bank) => bank.code === code)?.color;
    return (
      <span
        className="bank-logo bank-logo--fallback"
        style={{ ...dimensions, background: colour }}
        aria-hidden="true"
        data-testid="bank-logo-fallback"
      >
        {code.slice(0, 2)}
      </span>
    );
  }
  return (
    <img
      className="bank-logo"
      src={bankLogoUrl(code)}
      alt=""
      {...dimensions}
      style={dimensions}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
