import type { RegisterRequest } from '@app/contracts/auth';
import { findBank } from '@app/contracts/banks';
import type { DepositAccount } from '@app/contracts/player';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hashPassword } from '../auth/password.ts';
import type { Trx } from '../ledger/ledger.repository.ts';
import { openPlayerAccounts, readPlayerBalances } from '../ledger/ledger.service.ts';
import { type PlayerRow, playerRepository } from './player.repository.ts';

const phoneInUse = () => new AppError(409, 'PHONE_IN_USE', 'phone_in_use');
const bankAccountInUse = () => new AppError(409, 'BANK_ACCOUNT_IN_USE', 'bank_account_in_use');

export type RegistrationInput = Omit<RegisterRequest, 'agentId'> & { agentId: number };

/**
 * Registers a player with their own bank account and opens their wallet, in
 * one transaction. The phone and the bank account are each unique; the
 * pre-checks give the precise message, the unique constraints close the race.
 */
export async function registerPlayer(db: Db, input: RegistrationInput): Promise<number> {
  const bank = findBank(input.bankCode);
  assert(bank !== undefined, 'the bank code was validated by the schema');
  if ((await playerRepository.findIdByPhone(db, input.phoneNumber)) !== undefined) throw phoneInUse();
  if (await playerRepository.bankAccountTaken(db, bank.code, input.bankNumber)) throw bankAccountInUse();

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const playerId = await playerRepository.insert(trx, {
        phoneNumber: input.phoneNumber,
        fullName: input.fullName,
        // The bank's name comes from our list, never from the request.
        bankCode: bank.code,
        bankName: bank.name,
        bankNumber: input.bankNumber,
        agentId: input.agentId,
        lineId: input.lineId?.trim() || input.phoneNumber,
        passwordHash,
      });
      await openPlayerAccounts(trx, playerId);
      return playerId;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'players_phone_number_key')) throw phoneInUse();
    if (isUniqueViolation(error, 'players_bank_account_key')) throw bankAccountInUse();
    throw error;
  }
}

export type PlayerProfile = PlayerRow & {
  mainSatang: number;
  points: number;
  providerSatang: Map<string, number>;
  depositAccounts: DepositAccount[];
};

export async function getProfile(db: Db, playerId: number): Promise<PlayerProfile> {
  const player = await playerRepository.findById(db, playerId);
  if (!player) throw new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');
  const balances = await readPlayerBalances(db, playerId);
  const depositAccounts = await playerRepository.findActiveDepositAccounts(db);
  return {
    ...player,
    mainSatang: balances.mainSatang,
    points: balances.points,
    providerSatang: balances.providerSatang,
    depositAccounts,
  };
}

export function getBalances(db: Db, playerId: number) {
  return readPlayerBalances(db, playerId);
}

export const credentials = {
  findByPhone: (db: Db, phoneNumber: string) => playerRepository.findCredentialsByPhone(db, phoneNumber),
  findHash: (db: Db, playerId: number) => playerRepository.findPasswordHash(db, playerId),
  updateHash: (trx: Trx, playerId: number, hash: string) => playerRepository.updatePasswordHash(trx, playerId, hash),
};

export const findPlayerIdByPhone = (db: Db, phoneNumber: string) => playerRepository.findIdByPhone(db, phoneNumber);
