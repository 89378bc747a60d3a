import type { NotificationsResource } from './en';

const ko: NotificationsResource = {
  title: '알림',
  bell: '알림',
  unread: '읽지 않음 {{count}}개',
  empty: '새 소식이 없습니다.',
  markAll: '모두 읽음',
  channels: '앱 밖에서 알림 받기',
  line: {
    intro: 'LINE의 {{account}}에서 입금, 출금, 프로모션 알림을 받으세요.',
    getCode: 'LINE 연결',
    send: 'LINE에서 {{account}}을(를) 친구로 추가하고 10분 안에 이 코드를 보내세요:',
    codeLabel: 'LINE 코드',
    open: 'LINE 열기',
    linked: '연결됨: 알림을 LINE으로도 보내드립니다.',
    unlink: 'LINE 연결 해제',
  },
  push: {
    title: '휴대폰 알림',
    intro: '앱이 닫혀 있어도 이 휴대폰에서 알림을 받으세요.',
    on: '이 휴대폰에서 켜져 있습니다.',
    turnOn: '켜기',
    turnOff: '끄기',
    denied: '브라우저 설정에서 이 사이트의 알림이 차단되어 있습니다.',
    unsupported: '이 브라우저는 알림을 표시할 수 없습니다. 먼저 앱을 홈 화면에 추가하세요.',
    failed: '실패했습니다. 다시 시도해 주세요.',
  },
};

export default ko;
