import type { HistoryEntry } from '@app/contracts/history';
import { satangToBaht } from '@app/contracts/money';
import type { User } from '@app/contracts/player';
import type { HistoryRow } from '../modules/history/history.repository.ts';
import type { PlayerBalances } from '../modules/ledger/ledger.service.ts';
import type { PlayerProfile } from '../modules/player/player.service.ts';

/**
 * The HTTP boundary's view of money: inside, integer satang; in answers, the
 * spec's numbers of baht. Every conversion of an answer happens here.
 */
export const UFA_PROVIDER = 'ufa';

export function presentHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    amount: satangToBaht(row.amount),
    beforeAmount: satangToBaht(row.beforeAmount),
    afterAmount: satangToBaht(row.afterAmount),
  };
}

/**
 * The provider wallet's two figures. Until a game provider is connected the
 * provider credit is what our ledger holds for it and nothing is in game.
 */
function providerFigures(providerSatang: Map<string, number>) {
  return { currentCredit: satangToBaht(providerSatang.get(UFA_PROVIDER) ?? 0), inGameCredit: 0 };
}

export function presentUser(profile: PlayerProfile): User {
  const provider = providerFigures(profile.providerSatang);
  return {
    username: profile.username,
    fullName: profile.fullName,
    phoneNumber: profile.phoneNumber,
    bankName: profile.bankName,
    bankCode: profile.bankCode,
    bankNumber: profile.bankNumber,
    balance: satangToBaht(profile.mainSatang),
    ufa_balance: provider.currentCredit,
    ingame_balance: provider.inGameCredit,
    point: profile.points,
    accounts: profile.depositAccounts,
  };
}

export function presentBalances(balances: PlayerBalances) {
  const provider = providerFigures(balances.providerSatang);
  return {
    main: { balance: satangToBaht(balances.mainSatang), point: balances.points },
    ufa: { current_credit: provider.currentCredit, in_game_credit: provider.inGameCredit },
  };
}
