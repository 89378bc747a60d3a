import type { NotificationsResource } from './en';

const cn: NotificationsResource = {
  title: '通知',
  bell: '通知',
  unread: '{{count}} 条未读',
  empty: '暂无新消息。',
  markAll: '全部标为已读',
};

export default cn;
