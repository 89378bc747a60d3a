import './notifications-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { NotificationKind, PlayerNotification } from '@app/contracts/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatBangkokDateTime } from '@/lib/dates';
import { useMarkAllRead, useNotifications } from '@/lib/notifications';
import { NOTIFICATIONS_NS } from '@/lib/notifications-i18n';
import type { ModalProps } from '@/stores/modal-store';

const KIND_KEYS = {
  DEPOSIT_CREDITED: 'kind.depositCredited',
  DEPOSIT_REJECTED: 'kind.depositRejected',
  DEPOSIT_HELD: 'kind.depositHeld',
  WITHDRAW_APPROVED: 'kind.withdrawApproved',
  WITHDRAW_PAID: 'kind.withdrawPaid',
  WITHDRAW_REJECTED: 'kind.withdrawRejected',
  PROMOTION_STARTED: 'kind.promotionStarted',
  PROMOTION_COMPLETED: 'kind.promotionCompleted',
  PROMOTION_ENDED: 'kind.promotionEnded',
} as const satisfies Record<NotificationKind, string>;

/** A notification's params as its sentence needs them: amounts as ฿1,234.50. */
function textParams(notification: PlayerNotification) {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(notification.params)) {
    params[name] = typeof value === 'number' ? formatBahtWithSymbol(value) : String(value ?? '');
  }
  return params;
}

/** The notification centre (issue 22): newest first; opening it marks everything read. */
export function NotificationsModal({ onClose }: ModalProps) {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  // The kinds' sentences take their own params (typed i18next cannot tie a union of keys to its params).
  const sentence = t as unknown as (key: string, params: Record<string, string>) => string;
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
                <p>{sentence(KIND_KEYS[item.kind], textParams(item))}</p>
                <time dateTime={item.createdAt}>{formatBangkokDateTime(item.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
