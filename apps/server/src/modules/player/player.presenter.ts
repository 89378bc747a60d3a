import { satangToBaht } from '@app/contracts/money';
import type { BalanceResponse, User } from '@app/contracts/player';
import { type PlayerBalances, UFA_PROVIDER } from '../ledger/ledger.service.ts';
import type { PlayerProfile } from './player.service.ts';

/**
 * The provider wallet's two figures. Until a game provider is connected the
 * provider credit is what our ledger holds for it and nothing is in game.
 */
function providerFigures(providerSatang: Map<string, number>) {
  return { currentCredit: satangToBaht(providerSatang.get(UFA_PROVIDER) ?? 0), inGameCredit: 0 };
}

/** The user of spec §3: inside, integer satang; in the answer, numbers of baht. */
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

export function presentBalances(balances: PlayerBalances): BalanceResponse {
  const provider = providerFigures(balances.providerSatang);
  return {
    success: true,
    main: { balance: satangToBaht(balances.mainSatang), point: balances.points },
    ufa: { current_credit: provider.currentCredit, in_game_credit: provider.inGameCredit },
  };
}
