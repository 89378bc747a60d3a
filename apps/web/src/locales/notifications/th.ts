import type { NotificationsResource } from './en';

const th: NotificationsResource = {
  title: 'การแจ้งเตือน',
  bell: 'การแจ้งเตือน',
  unread: 'ยังไม่อ่าน {{count}} รายการ',
  empty: 'ยังไม่มีอะไรใหม่',
  markAll: 'อ่านทั้งหมดแล้ว',
};

export default th;
