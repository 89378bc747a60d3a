import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

type SettingsSectionProps = {
  title: string;
  intro: string;
  /** The "add" button's label; it opens an empty form. */
  addLabel: string;
  onAdd: () => void;
  /** Whether the last form saved: the section says so. */
  saved: boolean;
  children: ReactNode;
};

/** A section of the settings screen that lists things an admin adds and edits (house accounts, rewards). */
export function SettingsSection({ title, intro, addLabel, onAdd, saved, children }: SettingsSectionProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section__header">
        <div>
          <h2 id={titleId} className="settings-section__title">
            {title}
          </h2>
          <p className="settings-section__intro">{intro}</p>
        </div>
        <button type="button" className="button button--primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      {saved && <Alert tone="success">{t('settings.saved')}</Alert>}
      {children}
    </section>
  );
}
