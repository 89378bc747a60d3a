import './deposit-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { DepositAccount } from '@app/contracts/player';
import { useTranslation } from 'react-i18next';
import { PromotionPicker } from '@/components/promotions/promotion-picker';
import { DepositClosedNotice } from '@/components/protection/exclusion-notice';
import { BalanceBox } from '@/components/ui/balance-box';
import { BankCard } from '@/components/ui/bank-card';
import { Dialog } from '@/components/ui/dialog';
import { CheckIcon } from '@/components/ui/first-screen-icons';
import { CopyIcon } from '@/components/ui/icons';
import { PromptPayQr } from '@/features/deposit/components/promptpay-qr';
import { depositMinimumText } from '@/features/deposit/utils/deposit-rules';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useMainBalance } from '@/lib/balance';
import { usePlayerLimits } from '@/lib/money-settings';
import { useDepositBlock } from '@/lib/protection';
import { useLineOaUrl } from '@/lib/settings';
import { useAuthStore } from '@/stores/auth-store';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

/** What goes on the clipboard: the digits a banking app's "to account" field takes, without dashes or spaces. */
function clipboardNumber(bankNumber: string): string {
  return bankNumber.replace(/[\s-]/g, '');
}

/**
 * Spec §2 deposit modal: the balance, the promotion for this deposit
 * ("No bonus" by default), the house account(s) to transfer to (from
 * `user.accounts`) with a copy button, a PromptPay QR when the house account
 * takes PromptPay (beyond the spec), the player's own account the transfer must
 * come from, and the notes of §9 (minimum, no fee, same account). The last
 * button replaces this modal with the confirm-deposit one.
 *
 * A break or a deposit limit used up closes deposits: a transfer then would be
 * held, not credited. The screen says so first, and shows no account to pay
 * into, no QR and no confirm button.
 */
export function DepositModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const balance = useMainBalance();
  const openModal = useModalStore((state) => state.open);
  const { depositMinSatang } = usePlayerLimits();
  const block = useDepositBlock();
  const accounts = user?.accounts ?? [];
  const promptpayId = accounts.find((account) => account.promptpayId)?.promptpayId;
  const balanceBox = (
    <BalanceBox label={t('deposit.balance')} amount={formatBahtWithSymbol(balance)} testId="deposit-balance" />
  );

  if (block) {
    return (
      <Dialog title={t('modals.deposit')} onClose={onClose}>
        <div className="dialog__body deposit">
          <DepositClosedNotice block={block} />
          {balanceBox}
        </div>
        <div className="dialog__footer dialog__footer--stack">
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('modals.deposit')} onClose={onClose}>
      <div className="dialog__body deposit">
        {balanceBox}
        <PromotionPicker />
        <HouseAccounts accounts={accounts} />
        {promptpayId && <PromptPayQr promptpayId={promptpayId} />}
        {user && (
          <BankCard
            label={t('deposit.fromAccount')}
            bankCode={user.bankCode}
            bankName={user.bankName}
            bankNumber={user.bankNumber}
            holder={user.fullName}
          />
        )}
        <ul className="deposit__notes" aria-label={t('deposit.notesLabel')}>
          <li>{t('deposit.minimumNote', { amount: depositMinimumText(depositMinSatang) })}</li>
          <li>{t('deposit.noFeeNote')}</li>
          <li>{t('deposit.sameAccountRule')}</li>
        </ul>
      </div>
      <div className="dialog__footer dialog__footer--stack">
        <button
          type="button"
          className="button button--gold button--block"
          onClick={() => openModal('confirm-deposit')}
        >
          {t('deposit.toConfirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** The house accounts to transfer to, each with a copy button; with none, who to contact. */
function HouseAccounts({ accounts }: { accounts: DepositAccount[] }) {
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
