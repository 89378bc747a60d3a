import type { VipResource } from './en';

const ko: VipResource = {
  title: 'VIP 등급',
  intro:
    '등급은 누적 롤링으로 얻으며 절대 내려가지 않습니다. 모든 등급은 베팅의 일부를 돌려주고(레이크백, 롤링 불필요) 도달 시 보상을 줍니다.',
  noRank: '아직 등급이 없습니다: 첫 베팅부터 시작됩니다.',
  yourRank: '내 등급',
  turnover: '누적 롤링',
  toNext: '{{rank}}까지 {{amount}} 남음',
  top: '최고 등급입니다.',
  rakeback: '지금까지의 레이크백',
  rakebackTurnover: '지난 지급 이후 롤링',
  rakebackEstimate: '지금 지급 시 레이크백',
  paysAt: '매일 지급; 다음 {{date}}',
  ranks: '등급',
  rankTerms: '{{turnover}}부터 · 레이크백 {{rate}}% · 보상 {{reward}}',
  reached: '달성',
  rankUps: '달성한 등급',
  payouts: '지급된 레이크백',
  noPayouts: '아직 없습니다.',
  status: { PAID: '지급됨', SKIPPED: '미지급', NO_REWARD: '보상 없음' },
  payoutLine: '{{day}} · {{turnover}}의 {{rate}}%',
  loadFailed: 'VIP를 불러오지 못했습니다. 다시 시도하세요.',
};

export default ko;
