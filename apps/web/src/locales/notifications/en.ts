/** The notification centre's strings (issue 22): their own namespace, loaded with the bell. */
const en = {
  title: 'Notifications',
  bell: 'Notifications',
  unread: '{{count}} unread',
  empty: 'Nothing new yet.',
  markAll: 'Mark all read',
  kind: {
    depositCredited: 'Your deposit of {{amount}} has been credited.',
    depositRejected: 'Your deposit of {{amount}} was rejected: {{reason}}',
    depositHeld:
      '{{amount}} arrived while deposits are closed or over your limit. It is held for you: return it to your bank from Play safe.',
    withdrawApproved: 'Your withdrawal of {{amount}} is approved.',
    withdrawPaid: 'Your withdrawal of {{amount}} has been paid to your bank (ref. {{bankReference}}).',
    withdrawRejected: 'Your withdrawal of {{amount}} was rejected: {{reason}}. The money is back in your wallet.',
    promotionStarted: 'Your promotion has started: a bonus of {{bonus}} is in your wallet.',
    promotionCompleted: 'Promotion complete: the turnover is met and withdrawals are open.',
    promotionEnded: 'Your promotion has ended.',
  },
};

export type NotificationsResource = typeof en;
export default en;
