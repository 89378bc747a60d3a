/** The cashback screen's strings: their own namespace, loaded with that screen. */
const en = {
  title: 'Cashback',
  intro: 'A share of what you lose comes back to your wallet after each period. Every figure below is exact.',
  rule: {
    NET_LOSS: '{{rate}}% of your net loss (bets minus wins)',
    NET_DEPOSIT: '{{rate}}% of your deposits minus withdrawals',
  },
  period: { DAY: 'every day', WEEK: 'every week (Monday to Sunday)' },
  soFar: { NET_LOSS: 'Net loss so far', NET_DEPOSIT: 'Net deposits so far' },
  estimate: 'Cashback if the period ended now',
  paysAt: 'Paid on {{date}}',
  terms: {
    min: 'Minimum payout {{amount}}',
    max: 'Maximum payout {{amount}}',
    noMax: 'No maximum',
    turnover: 'Turnover {{multiplier}}× the cashback before you withdraw',
    noTurnover: 'No turnover: withdraw it at once',
    maxWithdraw: 'Withdraw at most {{amount}} after it',
    bonus: 'No cashback for a period in which you took a promotion bonus',
  },
  optIn: 'Receive cashback',
  optOutNote: 'Turned off, nothing is paid for a period not yet paid.',
  none: 'No cashback is running now.',
  payouts: 'Last payouts',
  noPayouts: 'Nothing paid yet.',
  periodRange: '{{from}} – {{to}}',
  status: { PAID: 'Paid', SKIPPED: 'Nothing to pay', WAITING: 'Waiting' },
  turnoverOf: 'turnover {{amount}}',
  saveFailed: 'Could not save. Please try again.',
  loadFailed: 'Could not load cashback. Please try again.',
};

export type CashbackResource = typeof en;
export default en;
