import type { NotificationsResource } from './en';

const ko: NotificationsResource = {
  title: '알림',
  bell: '알림',
  unread: '읽지 않음 {{count}}개',
  empty: '새 소식이 없습니다.',
  markAll: '모두 읽음',
};

export default ko;
