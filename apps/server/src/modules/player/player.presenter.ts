import { satangToBaht } from '@app/contracts/money';
import type { BalanceResponse, User } from '@app/contracts/player';
import type { PlayerBalances } from '../ledger/ledger.service.ts';
import type { PlayerProfile } from './player.service.ts';

/** The provider wallet's two figures for a player, in satang, as the games module reads them. */
export type ProviderFigures = { currentSatang: number; inGameSatang: number };

/** The provider wallet's two figures (spec §3 ufa), as the provider reported them. */
function presentFigures(figures: ProviderFigures) {
  return { currentCredit: satangToBaht(figures.currentSatang), inGameCredit: satangToBaht(figures.inGameSatang) };
}

/** The user of spec §3: inside, integer satang; in the answer, numbers of baht. */
export function presentUser(profile: PlayerProfile, figures: ProviderFigures): User {
  const provider = presentFigures(figures);
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

export function presentBalances(balances: PlayerBalances, figures: ProviderFigures): BalanceResponse {
  const provider = presentFigures(figures);
  return {
    success: true,
    main: { balance: satangToBaht(balances.mainSatang), point: balances.points },
    ufa: { current_credit: provider.currentCredit, in_game_credit: provider.inGameCredit },
  };
}
