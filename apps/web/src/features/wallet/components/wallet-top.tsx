import { useTranslation } from 'react-i18next';
import { CheckIcon, EyeIcon, EyeOffIcon } from '@/components/ui/first-screen-icons';
import { CopyIcon, RefreshIcon, UserIcon } from '@/components/ui/icons';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useModalStore } from '@/stores/modal-store';

type WalletTopProps = {
  /** null for a guest: nothing to copy. */
  username: string | null;
  hidden: boolean;
  onToggleHidden: () => void;
  spinning: boolean;
  onRefresh: () => void;
};

/** The wallet's first row: the avatar (opens the profile), the username with copy, the visibility toggle, refresh. */
export function WalletTop({ username, hidden, onToggleHidden, spinning, onRefresh }: WalletTopProps) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);
  const clipboard = useCopyToClipboard(t('wallet.copyFailed'));
  const copied = clipboard.copiedKey !== null;

  function copyUsername() {
    if (username) void clipboard.copy(username);
  }

  return (
    <>
      <div className="wallet__top">
        <button
          type="button"
          className="wallet__avatar"
          onClick={() => openModal('profile')}
          aria-label={t('modals.profile')}
        >
          <UserIcon />
        </button>
        <div className="wallet__user">
          <span className="wallet__label">{t('wallet.username')}</span>
          <span className="wallet__username">
            <strong data-testid="wallet-username">{username ?? t('common.guest')}</strong>
            <button
              type="button"
              className="icon-button icon-button--small"
              onClick={copyUsername}
              disabled={!username}
              aria-label={t('wallet.copyUsername')}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </button>
          </span>
        </div>
        <div className="wallet__tools">
          <button
            type="button"
            className="icon-button"
            onClick={onToggleHidden}
            aria-pressed={hidden}
            aria-label={hidden ? t('wallet.showAmounts') : t('wallet.hideAmounts')}
          >
            {hidden ? <EyeOffIcon /> : <EyeIcon />}
          </button>
          <button
            type="button"
            className={`icon-button${spinning ? ' is-spinning' : ''}`}
            onClick={onRefresh}
            aria-label={t('wallet.refresh')}
            aria-busy={spinning}
            data-testid="wallet-refresh"
          >
            <RefreshIcon />
          </button>
        </div>
      </div>
      <p className="wallet__copied" role="status" aria-live="polite">
        {copied ? t('wallet.usernameCopied') : ''}
      </p>
    </>
  );
}
