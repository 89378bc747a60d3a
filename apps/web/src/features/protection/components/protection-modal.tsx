import './protection-modal.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, tabIds } from '@/components/ui/tabs';
import { useProtection } from '@/features/protection/api/get-protection';
import { ActivityPanel } from '@/features/protection/components/activity-panel';
import { ExclusionForm } from '@/features/protection/components/exclusion-form';
import { ExclusionNotice } from '@/features/protection/components/exclusion-notice';
import { LimitForm } from '@/features/protection/components/limit-form';
import { RealityCheckForm } from '@/features/protection/components/reality-check-form';
import { PROTECTION_NS } from '@/features/protection/i18n';
import type { ModalProps } from '@/stores/modal-store';

type TabId = 'limits' | 'pause' | 'activity';

/**
 * Play safe: the player's own deposit and loss limits, the
 * reality check, a time-out or self-exclusion, deposits held for them, and
 * the monthly activity statement with its CSV.
 */
export function ProtectionModal({ onClose }: ModalProps) {
  const { t } = useTranslation(PROTECTION_NS);
  const [tab, setTab] = useState<TabId>('limits');
  const tabs = [
    { id: 'limits' as const, label: t('tabs.limits') },
    { id: 'pause' as const, label: t('tabs.pause') },
    { id: 'activity' as const, label: t('tabs.activity') },
  ];
  const ids = tabIds('protection', tab);
  return (
    <Dialog title={t('title')} onClose={onClose} className="protection-dialog">
      <div className="dialog__body protection">
        <p className="protection__intro">{t('intro')}</p>
        <Tabs label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={setTab} idPrefix="protection" />
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="protection__panel">
          {tab === 'limits' && <LimitsPanel />}
          {tab === 'pause' && <PausePanel />}
          {tab === 'activity' && <ActivityPanel />}
        </div>
      </div>
    </Dialog>
  );
}

function LimitsPanel() {
  const { t } = useTranslation(PROTECTION_NS);
  const protection = useProtection();
  if (protection.isPending) return <Spinner />;
  const limits = protection.data?.limits ?? [];
  return (
    <div className="protection__stack">
      <LimitForm kind="DEPOSIT" limits={limits} />
      <LimitForm kind="LOSS" limits={limits} />
      <p className="protection__note">{t('limits.rule')}</p>
      <RealityCheckForm minutes={protection.data?.realityCheck.minutes ?? null} />
    </div>
  );
}

function PausePanel() {
  const protection = useProtection();
  if (protection.isPending) return <Spinner />;
  return (
    <div className="protection__stack">
      <ExclusionNotice />
      <ExclusionForm kind="TIMEOUT" />
      <ExclusionForm kind="SELF_EXCLUSION" />
    </div>
  );
}
