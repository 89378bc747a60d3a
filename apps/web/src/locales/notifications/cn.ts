import type { NotificationsResource } from './en';

const cn: NotificationsResource = {
  title: '通知',
  bell: '通知',
  unread: '{{count}} 条未读',
  empty: '暂无新消息。',
  markAll: '全部标为已读',
  kind: {
    depositCredited: '您的存款 {{amount}} 已到账。',
    depositRejected: '您的存款 {{amount}} 被拒绝：{{reason}}',
    depositHeld: '{{amount}} 在存款关闭或超出限额时到账，已为您暂扣：可在“安全游戏”中退回银行。',
    withdrawApproved: '您的提款 {{amount}} 已批准。',
    withdrawPaid: '您的提款 {{amount}} 已转入您的银行账户（参考号 {{bankReference}}）。',
    withdrawRejected: '您的提款 {{amount}} 被拒绝：{{reason}}。资金已退回钱包。',
    promotionStarted: '优惠已开始：{{bonus}} 奖金已存入钱包。',
    promotionCompleted: '优惠已完成：流水已达标，可以提款。',
    promotionEnded: '您的优惠已结束。',
  },
};

export default cn;
