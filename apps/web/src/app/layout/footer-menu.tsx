import './footer-menu.css';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ChatIcon, DepositIcon, HomeIcon, PlayIcon, WithdrawIcon } from '@/components/ui/icons';
import { PAGE_PATHS } from '@/config/paths';
import { useBlockedActions } from '@/features/protection/hooks/use-blocked-actions';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { useLineOaUrl } from '@/lib/settings';
import { useModalStore } from '@/stores/modal-store';

/** Spec §2 footer: Home, Deposit, Play (centre), Withdraw, Contact (the LINE OA link from the settings). */
export function FooterMenu() {
  const { t } = useTranslation();
  const open = useModalStore((state) => state.open);
  const lineOaUrl = useLineOaUrl();
  // Deposits and games the player's own protection closes look closed; their screens say why and until when.
  const blocked = useBlockedActions();
  const closed = (block: unknown) =>
    block ? <span className="visually-hidden"> ({t('blocked.closed', { ns: PROTECTION_NS })})</span> : null;

  return (
    <nav className="footer-menu" aria-label={t('footer.label')}>
      <NavLink to={PAGE_PATHS.home} end className="footer-menu__item">
        <HomeIcon />
        <span>{t('footer.home')}</span>
      </NavLink>
      <button
        type="button"
        className={`footer-menu__item${blocked.deposit ? ' is-blocked' : ''}`}
        onClick={() => open('deposit')}
      >
        <DepositIcon />
        <span>
          {t('footer.deposit')}
          {closed(blocked.deposit)}
        </span>
      </button>
      <button
        type="button"
        className={`footer-menu__item footer-menu__play${blocked.play ? ' is-blocked' : ''}`}
        onClick={() => open('play-game')}
      >
        <span className="footer-menu__play-disc">
          <PlayIcon />
        </span>
        <span>
          {t('footer.play')}
          {closed(blocked.play)}
        </span>
      </button>
      <button type="button" className="footer-menu__item" onClick={() => open('withdraw')}>
        <WithdrawIcon />
        <span>{t('footer.withdraw')}</span>
      </button>
      <a
        className="footer-menu__item"
        href={lineOaUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-disabled={lineOaUrl ? undefined : true}
        aria-label={`${t('footer.contact')} (${t('common.openInNewTab')})`}
      >
        <ChatIcon />
        <span>{t('footer.contact')}</span>
      </a>
    </nav>
  );
}
