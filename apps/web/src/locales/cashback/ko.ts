import type { CashbackResource } from './en';

const ko: CashbackResource = {
  title: '캐시백',
  intro: '매 기간이 끝나면 손실의 일부가 지갑으로 돌아옵니다. 아래 모든 수치는 정확합니다.',
  rule: { NET_LOSS: '순손실(베팅 - 당첨)의 {{rate}}%', NET_DEPOSIT: '입금 - 출금의 {{rate}}%' },
  period: { DAY: '매일', WEEK: '매주 (월요일~일요일)' },
  soFar: { NET_LOSS: '지금까지 순손실', NET_DEPOSIT: '지금까지 순입금' },
  estimate: '지금 기간이 끝난다면 받을 캐시백',
  paysAt: '{{date}} 지급',
  terms: {
    min: '최소 지급 {{amount}}',
    max: '최대 지급 {{amount}}',
    noMax: '최대 한도 없음',
    turnover: '출금 전 캐시백의 {{multiplier}}배 롤링',
    noTurnover: '롤링 없음: 바로 출금 가능',
    maxWithdraw: '이후 최대 {{amount}} 출금',
    bonus: '프로모션 보너스를 받은 기간에는 캐시백이 없습니다',
  },
  optIn: '캐시백 받기',
  optOutNote: '끄면 아직 지급되지 않은 기간은 지급되지 않습니다.',
  none: '현재 진행 중인 캐시백이 없습니다.',
  payouts: '최근 지급',
  noPayouts: '아직 지급이 없습니다.',
  periodRange: '{{from}} – {{to}}',
  status: { PAID: '지급됨', SKIPPED: '지급 없음', WAITING: '대기 중' },
  turnoverOf: '롤링 {{amount}}',
  saveFailed: '저장하지 못했습니다. 다시 시도하세요.',
  loadFailed: '캐시백을 불러오지 못했습니다. 다시 시도하세요.',
};

export default ko;
