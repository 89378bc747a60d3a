import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLineOaUrl } from '@/lib/settings';

/** A link to the LINE OA chat of the settings, opened in a new tab (spec §2). */
export function ExternalChatLink({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const lineOaUrl = useLineOaUrl();
  return (
    <a
      className={className}
      href={lineOaUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-disabled={lineOaUrl ? undefined : true}
    >
      {children}
      <span className="visually-hidden"> ({t('common.openInNewTab')})</span>
    </a>
  );
}
