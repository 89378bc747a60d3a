import './app-shell.css';
import type { OperatorRole } from '@app/contracts/admin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { PAGES } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';

type NavItem = { to: string; label: string; adminOnly?: boolean };

/**
 * The frame of every signed-in screen: the menu (a side bar on a laptop, a
 * drawer behind the menu button on a phone), the operator and sign-out on top,
 * the screen itself in the middle. Admin screens are listed only to admins.
 */
export function AppShell({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const operator = useSessionStore((state) => state.session?.operator);
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A page chosen from the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing follows the location, whatever it is.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const role: OperatorRole = operator?.role ?? 'operator';
  const items: NavItem[] = [
    { to: PAGES.dashboard, label: t('nav.dashboard') },
    { to: PAGES.withdrawals, label: t('nav.withdrawals') },
    { to: PAGES.payouts, label: t('nav.payouts') },
    { to: PAGES.deposits, label: t('nav.deposits') },
    { to: PAGES.transfers, label: t('nav.transfers') },
    { to: PAGES.bankFeedFlags, label: t('nav.bankFeedFlags') },
    { to: PAGES.heldDeposits, label: t('nav.heldDeposits') },
    { to: PAGES.players, label: t('nav.players') },
    { to: PAGES.creditRequests, label: t('nav.creditRequests') },
    { to: PAGES.redemptions, label: t('nav.redemptions') },
    { to: PAGES.audit, label: t('nav.audit') },
    { to: PAGES.promotions, label: t('nav.promotions'), adminOnly: true },
    { to: PAGES.cashback, label: t('nav.cashback'), adminOnly: true },
    { to: PAGES.vipRanks, label: t('nav.vipRanks'), adminOnly: true },
    { to: PAGES.health, label: t('nav.health') },
    { to: PAGES.settings, label: t('nav.settings'), adminOnly: true },
    { to: PAGES.operators, label: t('nav.operators'), adminOnly: true },
  ];

  return (
    <div className={`shell${menuOpen ? ' shell--menu-open' : ''}`}>
      <a className="shell__skip" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="shell__top">
        <button
          type="button"
          className="button button--ghost shell__menu-button"
          aria-expanded={menuOpen}
          aria-controls="shell-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('nav.menu')}
        </button>
        <span className="shell__brand">{t('common.appName')}</span>
        <div className="shell__session">
          {operator && (
            <span className="shell__operator">
              {t('nav.signedInAs', {
                name: operator.displayName,
                role: role === 'admin' ? t('nav.roleAdmin') : t('nav.roleOperator'),
              })}
            </span>
          )}
          <LanguageSwitch />
          <button type="button" className="button button--small" onClick={onSignOut}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <nav id="shell-nav" className="shell__nav" aria-label={t('nav.label')}>
        <ul>
          {items
            .filter((item) => !item.adminOnly || role === 'admin')
            .map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === PAGES.dashboard}>
                  {item.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
