import type { DepositAccount } from '@app/contracts/player';
import { useTranslation } from 'react-i18next';
import { BankCard } from '@/components/ui/bank-card';
import { CheckIcon } from '@/components/ui/first-screen-icons';
import { CopyIcon } from '@/components/ui/icons';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useLineOaUrl } from '@/lib/settings';

/** What goes on the clipboard: the digits a banking app's "to account" field takes, without dashes or spaces. */
function clipboardNumber(bankNumber: string): string {
  return bankNumber.replace(/[\s-]/g, '');
}

/** The house accounts to transfer to, each with a copy button; with none, who to contact. */
export function HouseAccounts({ accounts }: { accounts: DepositAccount[] }) {
  const { t } = useTranslation();
  const lineOaUrl = useLineOaUrl();
  const { copiedKey: copiedNumber, copy } = useCopyToClipboard(t('deposit.copyFailed'));

  function copyAccount(account: DepositAccount) {
    void copy(clipboardNumber(account.bankNumber), account.bankNumber);
  }

  return (
    <>
      {accounts.length === 0 ? (
        <div className="deposit__empty" data-testid="deposit-no-account">
          <strong>{t('deposit.noAccountTitle')}</strong>
          <span>{t('deposit.noAccountBody')}</span>
          {lineOaUrl && (
            <a
              className="button button--outline button--small"
              href={lineOaUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('deposit.contact')}
              <span className="visually-hidden"> ({t('common.openInNewTab')})</span>
            </a>
          )}
        </div>
      ) : (
        <div className="deposit__accounts">
          {accounts.map((account) => (
            <BankCard
              key={`${account.bankCode}-${account.bankNumber}`}
              label={t('deposit.transferTo')}
              bankCode={account.bankCode}
              bankName={account.bankName}
              bankNumber={account.bankNumber}
              holder={account.fullName}
            >
              <button
                type="button"
                className="icon-button"
                onClick={() => copyAccount(account)}
                aria-label={t('deposit.copyAccount')}
              >
                {copiedNumber === account.bankNumber ? <CheckIcon /> : <CopyIcon />}
              </button>
            </BankCard>
          ))}
        </div>
      )}
      <p className="deposit__copied" role="status" aria-live="polite">
        {copiedNumber ? t('deposit.accountCopied') : ''}
      </p>
    </>
  );
}
