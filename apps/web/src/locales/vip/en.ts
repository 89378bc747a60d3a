/** The VIP screen's strings: their own namespace, loaded with that screen. */
const en = {
  title: 'VIP ranks',
  intro:
    'Ranks are earned by your lifetime turnover and never lost. Each rank gives back a share of every bet (rakeback, no turnover needed) and a reward when you reach it.',
  noRank: 'No rank yet: your first bet starts your climb.',
  yourRank: 'Your rank',
  turnover: 'Lifetime turnover',
  toNext: '{{amount}} more to {{rank}}',
  top: 'You hold the highest rank.',
  rakeback: 'Rakeback so far',
  rakebackTurnover: 'Turnover since the last payout',
  rakebackEstimate: 'Rakeback if paid now',
  paysAt: 'Paid daily; next on {{date}}',
  ranks: 'Ranks',
  rankTerms: 'From {{turnover}} · rakeback {{rate}}% · reward {{reward}}',
  reached: 'Reached',
  rankUps: 'Ranks reached',
  payouts: 'Rakeback paid',
  noPayouts: 'Nothing yet.',
  status: { PAID: 'Paid', SKIPPED: 'Nothing paid', NO_REWARD: 'No reward' },
  payoutLine: '{{day}} · {{rate}}% of {{turnover}}',
  loadFailed: 'Could not load VIP. Please try again.',
};

export type VipResource = typeof en;
export default en;
