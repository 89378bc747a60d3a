import './notifications-modal.css';
import { FALLBACK_LANGUAGE } from '@app/contracts/languages';
import { notificationText } from '@app/contracts/notification-texts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { isLanguage } from '@/lib/i18n';
import { useMarkAllRead, useNotifications } from '@/lib/notifications';
import { NOTIFICATIONS_NS } from '@/lib/notifications-i18n';
import type { ModalProps } from '@/stores/modal-store';
import { NotifyChannels } from './notify-channels';

/** The notification centre: newest first; opening it marks everything read. */
export function NotificationsModal({ onClose }: ModalProps) {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NS);
  const language = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const notifications = useNotifications();
  const markAll = useMarkAllRead();
  const unread = notifications.data?.unread ?? 0;
  const { mutate } = markAll;
  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, mutate]);
  const items = notifications.data?.items ?? [];

  return (
    <Dialog title={t('title')} onClose={onClose}>
      <div className="dialog__body notifications">
        {notifications.isPending ? (
          <Spinner />
        ) : items.length === 0 ? (
          <p className="dialog__text">{t('empty')}</p>
        ) : (
          <ul className="notifications__list">
            {items.map((item) => (
              <li
                key={item.id}
                className={item.read ? 'notifications__item' : 'notifications__item is-unread'}
                data-testid="notification"
              >
                <p>{notificationText(language, item.kind, item.params)}</p>
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
        <NotifyChannels />
      </div>
    </Dialog>
  );
}
