/** The notification centre's strings: their own namespace, loaded with the bell. */
const en = {
  title: 'Notifications',
  bell: 'Notifications',
  unread: '{{count}} unread',
  empty: 'Nothing new yet.',
  markAll: 'Mark all read',
  channels: 'Get notified outside the app',
  line: {
    intro: 'Get your deposits, withdrawals and promotions on LINE from {{account}}.',
    getCode: 'Link LINE',
    send: 'Add {{account}} as a friend on LINE and send it this code within 10 minutes:',
    codeLabel: 'Your LINE code',
    open: 'Open LINE',
    linked: 'is linked: we send your notifications there too.',
    unlink: 'Unlink LINE',
  },
  push: {
    title: 'Phone notifications',
    intro: 'Get a notification on this phone even when the app is closed.',
    on: 'are on for this phone.',
    turnOn: 'Turn on',
    turnOff: 'Turn off',
    denied: 'Notifications are blocked for this site in your browser settings.',
    unsupported: 'This browser cannot show them. Add the app to your home screen first.',
    failed: 'That did not work. Please try again.',
  },
};

export type NotificationsResource = typeof en;
export default en;
