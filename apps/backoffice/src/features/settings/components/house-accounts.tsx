import type { HouseAccount } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useHouseAccounts } from '@/features/settings/api/house-accounts';
import { HouseAccountDialog } from '@/features/settings/components/house-account-dialog';
import { bankDisplayName } from '@/lib/banks';

/**
 * The house bank accounts players transfer deposits to, with their PromptPay
 * IDs: added and changed by admins; a hidden account stays for matching the
 * bank feed but is no longer offered to players.
 */
export function HouseAccounts() {
  const { t } = useTranslation();
  const accounts = useHouseAccounts();
  const catalogue = useCatalogue<HouseAccount>();
  const columns: Column<HouseAccount>[] = [
    { header: t('settings.bank'), cell: (account) => bankDisplayName(account.bankCode) ?? account.bankName },
    { header: t('settings.bankNumber'), className: 'mono', cell: (account) => account.bankNumber },
    { header: t('settings.accountName'), cell: (account) => account.fullName },
    { header: t('settings.promptpayColumn'), className: 'mono', cell: (account) => account.promptpayId ?? '-' },
    {
      header: t('common.status'),
      cell: (account) => (
        <StatusBadge
          status={account.active ? 'ACTIVE' : 'HIDDEN'}
          label={account.active ? t('settings.shown') : t('settings.hidden')}
        />
      ),
    },
    { header: t('settings.sortOrder'), numeric: true, cell: (account) => account.sortOrder },
  ];

  return (
    <Catalogue
      level="section"
      state={catalogue}
      title={t('settings.accountsTitle')}
      intro={t('settings.accountsIntro')}
      addLabel={t('settings.addAccount')}
      query={accounts}
      columns={columns}
      rowKey={(account) => account.id}
      rowTestId="house-account-row"
      edit={{ header: t('settings.actions'), label: t('settings.edit'), name: (account) => account.bankNumber }}
      form={(account) => (
        <HouseAccountDialog
          account={account}
          onClose={catalogue.close}
          onDone={() => catalogue.done(t('settings.saved'))}
        />
      )}
    />
  );
}
