import './notification-bell.css';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useNotificationStream, useNotifications } from '@/lib/notifications';
import { NOTIFICATIONS_NS } from '@/lib/notifications-i18n';
import { useModalStore } from '@/stores/modal-store';

function BellIcon() {
  return (
    <Icon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

/** The header's bell: the unread count, kept live by the stream; opens the notification centre. */
export function NotificationBell() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  useNotificationStream();
  const unread = useNotifications().data?.unread ?? 0;
  const open = useModalStore((state) => state.open);
  const label = unread > 0 ? `${t('bell')}, ${t('unread', { count: unread })}` : t('bell');
  return (
    <button
      type="button"
      className="icon-button notification-bell"
      onClick={() => open('notifications')}
      aria-label={label}
      title={t('bell')}
      data-testid="notification-bell"
    >
      <BellIcon />
      {unread > 0 && (
        <span className="notification-bell__badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

export default NotificationBell;
