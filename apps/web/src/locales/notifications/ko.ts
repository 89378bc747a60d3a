import type { NotificationsResource } from './en';

const ko: NotificationsResource = {
  title: '알림',
  bell: '알림',
  unread: '읽지 않음 {{count}}개',
  empty: '새 소식이 없습니다.',
  markAll: '모두 읽음',
  kind: {
    depositCredited: '{{amount}} 입금이 반영되었습니다.',
    depositRejected: '{{amount}} 입금이 거절되었습니다: {{reason}}',
    depositHeld:
      '입금이 닫혀 있거나 한도를 넘은 상태에서 {{amount}}이(가) 들어와 보류되었습니다. 안전한 플레이에서 은행으로 반환하세요.',
    withdrawApproved: '{{amount}} 출금이 승인되었습니다.',
    withdrawPaid: '{{amount}} 출금이 은행 계좌로 지급되었습니다(참조 {{bankReference}}).',
    withdrawRejected: '{{amount}} 출금이 거절되었습니다: {{reason}}. 금액은 지갑으로 돌아갔습니다.',
    promotionStarted: '프로모션이 시작되었습니다: 보너스 {{bonus}}이(가) 지갑에 들어왔습니다.',
    promotionCompleted: '프로모션 완료: 롤링을 충족하여 출금할 수 있습니다.',
    promotionEnded: '프로모션이 종료되었습니다.',
  },
};

export default ko;
