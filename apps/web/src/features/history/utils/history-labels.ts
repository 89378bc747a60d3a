import type { HistoryType } from '@app/contracts/history';
import type { ParseKeys, TFunction } from 'i18next';
import type { BadgeStatus } from '@/features/history/utils/history-display';

const TYPE_LABELS: Record<HistoryType, ParseKeys> = {
  DEPOSIT: 'history.typeDeposit',
  MANUAL_DEPOSIT: 'history.typeManualDeposit',
  WITHDRAW: 'history.typeWithdraw',
  MANUAL_WITHDRAW: 'history.typeManualWithdraw',
  REJECT_DEPOSIT: 'history.typeRejectDeposit',
  REJECT_WITHDRAW: 'history.typeRejectWithdraw',
  BONUS: 'history.typeBonus',
  BONUS_RETURN: 'history.typeBonusReturn',
  REWARD_CREDIT: 'history.typeRewardCredit',
  CASHBACK: 'history.typeCashback',
  RAKEBACK: 'history.typeRakeback',
  RANK_REWARD: 'history.typeRankReward',
};

/** The player's word for a history type; a type this app does not know is shown as the server names it. */
export function historyTypeLabel(type: string, t: TFunction): string {
  return Object.hasOwn(TYPE_LABELS, type) ? t(TYPE_LABELS[type as HistoryType]) : type;
}

export const STATUS_LABELS: Record<BadgeStatus, ParseKeys> = {
  WAITING: 'history.statusWaiting',
  APPROVED: 'history.statusApproved',
  REJECTED: 'history.statusRejected',
  REFUNDED: 'history.statusRefunded',
};
