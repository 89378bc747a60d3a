/** The notification centre's strings (issue 22): their own namespace, loaded with the bell. */
const en = {
  title: 'Notifications',
  bell: 'Notifications',
  unread: '{{count}} unread',
  empty: 'Nothing new yet.',
  markAll: 'Mark all read',
};

export type NotificationsResource = typeof en;
export default en;
