import type { VipResource } from './en';

const cn: VipResource = {
  title: 'VIP 等级',
  intro: '等级由累计流水获得，永不降级。每个等级返还每笔投注的一部分（返佣，无需流水），达到时还有奖励。',
  noRank: '暂无等级：第一笔投注即开始晋级。',
  yourRank: '您的等级',
  turnover: '累计流水',
  toNext: '再 {{amount}} 升至 {{rank}}',
  top: '您已是最高等级。',
  rakeback: '目前返佣',
  rakebackTurnover: '上次发放以来的流水',
  rakebackEstimate: '现在发放的返佣',
  paysAt: '每日发放；下次 {{date}}',
  ranks: '等级',
  rankTerms: '从 {{turnover}} 起 · 返佣 {{rate}}% · 奖励 {{reward}}',
  reached: '已达到',
  rankUps: '已达到的等级',
  payouts: '已发放返佣',
  noPayouts: '暂无。',
  status: { PAID: '已发放', SKIPPED: '未发放', NO_REWARD: '无奖励' },
  payoutLine: '{{day}} · {{turnover}} 的 {{rate}}%',
  loadFailed: '无法加载 VIP，请重试。',
};

export default cn;
