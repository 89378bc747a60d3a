import './bank-card.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BankLogo } from '@/components/ui/bank-logo';
import { bankDisplayName } from '@/lib/banks';

type BankCardProps = {
  bankCode: string;
  bankName: string;
  bankNumber: string;
  holder: string;
  /** A caption above the card ("Transfer to", "Withdraw to"). */
  label?: string;
  /** Actions at the card's end, e.g. a copy button. */
  children?: ReactNode;
};

/** A bank account as a card: logo, bank name, account number and holder (spec §2 deposit and withdraw). */
export function BankCard({ bankCode, bankName: givenName, bankNumber, holder, label, children }: BankCardProps) {
  const { i18n } = useTranslation();
  const bankName = bankDisplayName(bankCode, givenName, i18n.language);
  return (
    <section className="bank-card" aria-label={label ? `${label}: ${bankName}` : bankName}>
      {label && <p className="bank-card__label">{label}</p>}
      <div className="bank-card__row">
        <BankLogo code={bankCode} size={44} />
        <div className="bank-card__details">
          <span className="bank-card__bank">{bankName}</span>
          <span className="bank-card__number" data-testid="bank-card-number">
            {bankNumber}
          </span>
          <span className="bank-card__holder">{holder}</span>
        </div>
        {children && <div className="bank-card__actions">{children}</div>}
      </div>
    </section>
  );
}
