import './settings.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Blacklist } from '@/features/settings/components/blacklist';
import { HouseAccounts } from '@/features/settings/components/house-accounts';
import { Rewards } from '@/features/settings/components/rewards';
import { RiskRules } from '@/features/settings/components/risk-rules';
import { SettingValues } from '@/features/settings/components/setting-values';

/**
 * What admins set for the players' app: the setting values (contact, banner,
 * limits), the house bank accounts players pay into, the rewards, the
 * withdrawal risk rules and the blacklist. Each
 * section loads and saves on its own. The router lets only admins in.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className="settings">
        <SettingValues />
        <HouseAccounts />
        <Rewards />
        <RiskRules />
        <Blacklist />
      </div>
    </>
  );
}
