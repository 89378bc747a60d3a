import type { CashbackResource } from './en';

const cn: CashbackResource = {
  title: '返水',
  intro: '每期结束后，部分亏损会返还到您的钱包。以下每个数字都是准确的。',
  rule: { NET_LOSS: '净亏损（投注减赢利）的 {{rate}}%', NET_DEPOSIT: '存款减提款的 {{rate}}%' },
  period: { DAY: '每天', WEEK: '每周（周一至周日）' },
  soFar: { NET_LOSS: '目前净亏损', NET_DEPOSIT: '目前净存款' },
  estimate: '如果本期现在结束的返水',
  paysAt: '{{date}} 发放',
  terms: {
    min: '最低发放 {{amount}}',
    max: '最高发放 {{amount}}',
    noMax: '无上限',
    turnover: '提款前需完成返水的 {{multiplier}} 倍流水',
    noTurnover: '无流水要求：可立即提款',
    maxWithdraw: '之后最多提款 {{amount}}',
    bonus: '领取优惠奖金的周期没有返水',
  },
  optIn: '接收返水',
  optOutNote: '关闭后，尚未发放的周期不会发放。',
  none: '目前没有返水活动。',
  payouts: '最近发放',
  noPayouts: '尚未发放。',
  periodRange: '{{from}} – {{to}}',
  status: { PAID: '已发放', SKIPPED: '无可发放', WAITING: '等待中' },
  turnoverOf: '流水 {{amount}}',
  saveFailed: '保存失败，请重试。',
  loadFailed: '无法加载返水，请重试。',
};

export default cn;
