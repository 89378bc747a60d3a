import type { NotificationsResource } from './en';

const ls: NotificationsResource = {
  title: 'ການແຈ້ງເຕືອນ',
  bell: 'ການແຈ້ງເຕືອນ',
  unread: 'ຍັງບໍ່ອ່ານ {{count}} ລາຍການ',
  empty: 'ຍັງບໍ່ມີຫຍັງໃໝ່.',
  markAll: 'ອ່ານທັງໝົດແລ້ວ',
};

export default ls;
