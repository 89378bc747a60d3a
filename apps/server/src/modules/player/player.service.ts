import type { PlayerDetail } from '@app/contracts/admin';
import type { RegisterRequest } from '@app/contracts/auth';
import { findBank } from '@app/contracts/banks';
import { satangToBaht } from '@app/contracts/money';
import type { DepositAccount } from '@app/contracts/player';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import type { Session } from '../../http/principal.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import { blacklistedKinds } from '../blacklist/blacklist.service.ts';
import { openPlayerAccounts, playerBalancesOf, readPlayerBalances } from '../ledger/ledger.service.ts';
import { depositAccounts } from '../settings/settings.service.ts';
import { type PlayerAdminRow, type PlayerRow, playerRepository } from './player.repository.ts';

const phoneInUse = () => new AppError(409, 'PHONE_IN_USE', 'phone_in_use');
const bankAccountInUse = () => new AppError(409, 'BANK_ACCOUNT_IN_USE', 'bank_account_in_use');

import { nameKey } from '../blacklist/identity.ts';
import { registrationExcluded } from '../protection/protection.service.ts';
import { flagDuplicateIdentity, isLoopback } from './identity-flags.ts';

export const playerNotFound = () => new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');

export type RegistrationInput = Omit<RegisterRequest, 'agentId'> & { agentId: number };

/**
 * Registers a player with their own bank account and opens their wallet, in
 * one transaction. The phone and the bank account are each unique; the
 * pre-checks give the precise message, the unique constraints close the race.
 */
export async function registerPlayer(
  db: Db,
  input: RegistrationInput,
  origin: { address?: string | null; device?: string | null } = {},
): Promise<number> {
  const bank = findBank(input.bankCode);
  assert(bank !== undefined, 'the bank code was validated by the schema');
  // A barred phone or bank account: one answer for both, which says neither.
  const barred = await blacklistedKinds(db, { phone: input.phoneNumber, bankNumber: input.bankNumber });
  if (barred.length > 0) throw new AppError(403, 'REGISTRATION_UNAVAILABLE', 'registration_unavailable');
  // A time-out or self-exclusion in force covers a new account with its phone, bank account (at any bank) or name.
  const excluded = await registrationExcluded(db, {
    phoneNumber: input.phoneNumber,
    bankNumber: input.bankNumber,
    fullName: input.fullName,
  });
  if (excluded) throw new AppError(403, 'REGISTRATION_EXCLUDED', 'registration_excluded');
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
        // A loopback address is this machine (the demo, or a proxy without TRUST_PROXY), not the player's.
        registeredAddress: origin.address && !isLoopback(origin.address) ? origin.address : null,
        registeredDevice: origin.device ?? null,
        nameKey: nameKey(input.fullName),
      });
      await openPlayerAccounts(trx, playerId);
      await flagDuplicateIdentity(trx, playerId);
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

export async function getProfile(db: Queryable, playerId: number): Promise<PlayerProfile> {
  const player = await playerRepository.findById(db, playerId);
  if (!player) throw playerNotFound();
  const balances = await readPlayerBalances(db, playerId);
  return {
    ...player,
    mainSatang: balances.mainSatang,
    points: balances.points,
    providerSatang: balances.providerSatang,
    depositAccounts: await depositAccounts(db),
  };
}

/**
 * The balances of a session's player and their registration at a provider,
 * read together with the session check in one query; undefined when the
 * session is not active (revoked, expired, or never existed).
 */
export async function balancesForSession(db: Queryable, session: Session, provider: string) {
  const rows = await playerRepository.accountsForSession(db, session, provider);
  const first = rows[0];
  if (!first) return undefined;
  return {
    balances: playerBalancesOf(session.playerId, rows),
    registration: first.playerRef === null ? null : { playerRef: first.playerRef, registeredAt: first.registeredAt },
  };
}

export const credentials = {
  findByPhone: (db: Db, phoneNumber: string) => playerRepository.findCredentialsByPhone(db, phoneNumber),
  findHash: (db: Db, playerId: number) => playerRepository.findPasswordHash(db, playerId),
  updateHash: (trx: Trx, playerId: number, hash: string) => playerRepository.updatePasswordHash(trx, playerId, hash),
};

export const findPlayerIdByPhone = (db: Queryable, phoneNumber: string) =>
  playerRepository.findIdByPhone(db, phoneNumber);
export const findPlayer = (db: Queryable, playerId: number) => playerRepository.findById(db, playerId);
export const playersMatchingAccount = playerRepository.matchAccount;
export const playerIdsMatching = playerRepository.idsMatching;

/** The id of an existing player, or a 404. */
export async function requirePlayerId(db: Queryable, playerId: number): Promise<number> {
  if (!(await playerRepository.findById(db, playerId))) throw playerNotFound();
  return playerId;
}

/** The id of the player with this phone, or a 404. */
export async function requirePlayerIdByPhone(db: Queryable, phoneNumber: string): Promise<number> {
  const playerId = await playerRepository.findIdByPhone(db, phoneNumber);
  if (playerId === undefined) throw playerNotFound();
  return playerId;
}

/** A frozen player's refusal: no money leaves a frozen wallet. */
export const accountFrozen = () => new AppError(403, 'ACCOUNT_FROZEN', 'account_frozen');

/**
 * Refuses a money movement out of a frozen player's wallet (a transfer to a
 * game provider; withdrawals ask the same database function inside
 * request_withdrawal). Asked inside the movement's transaction, with the
 * player's row share-locked, so a freeze and a movement never pass each other.
 */
export async function assertNotFrozen(trx: Trx, playerId: number): Promise<void> {
  if (await isPlayerFrozen(trx, playerId)) throw accountFrozen();
}

/** Whether the player is frozen (player_frozen, share-locked as assertNotFrozen); a 404 when there is no such player. */
export async function isPlayerFrozen(trx: Trx, playerId: number): Promise<boolean> {
  const frozen = await playerRepository.frozen(trx, playerId);
  if (frozen === undefined) throw playerNotFound();
  return frozen;
}

function presentSummary(row: PlayerAdminRow) {
  return {
    id: row.id,
    username: row.username,
    phoneNumber: row.phoneNumber,
    fullName: row.fullName,
    bankCode: row.bankCode,
    bankName: row.bankName,
    bankNumber: row.bankNumber,
    frozen: row.frozenAt !== null,
  };
}

export async function searchPlayers(
  db: Queryable,
  query: { q?: string | undefined; sort: 'oldest' | 'newest'; page: number; limit: number },
) {
  const found = await playerRepository.search(db, {
    q: query.q,
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    items: found.rows.map((row) => ({
      ...presentSummary(row),
      createdAt: row.createdAt.toISOString(),
      balance: satangToBaht(row.balance),
    })),
    total: found.total,
    page: query.page,
    limit: query.limit,
  };
}

const SESSIONS_SHOWN_MAX = 20;

/** Everything an operator sees of one player: profile, balances, frozen flag, recent sessions. */
export async function playerDetail(db: Queryable, playerId: number): Promise<PlayerDetail> {
  const row = await playerRepository.findAdminRow(db, playerId);
  if (!row) throw playerNotFound();
  const balances = await readPlayerBalances(db, playerId);
  const sessions = await playerRepository.recentSessions(db, playerId, SESSIONS_SHOWN_MAX);
  return {
    ...presentSummary(row),
    createdAt: row.createdAt.toISOString(),
    balance: satangToBaht(balances.mainSatang),
    frozenAt: row.frozenAt?.toISOString() ?? null,
    frozenReason: row.frozenReason,
    balances: {
      main: satangToBaht(balances.mainSatang),
      points: balances.points,
      providers: Object.fromEntries([...balances.providerSatang].map(([name, satang]) => [name, satangToBaht(satang)])),
    },
    sessions: sessions.map((session) => ({
      createdAt: session.createdAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      revokedAt: session.revokedAt?.toISOString() ?? null,
      clientAddress: session.clientAddress,
      userAgent: session.userAgent,
    })),
  };
}

/**
 * Freezes (or unfreezes) a player: a frozen player can still log in, see
 * their wallet and receive deposits, but no money leaves their wallet.
 */
export async function setPlayerFrozen(db: Db, actor: Actor, playerId: number, frozen: boolean, reason: string) {
  await db.transaction().execute(async (trx) => {
    const row = await playerRepository.lockForUpdate(trx, playerId);
    if (!row) throw playerNotFound();
    if (frozen && row.frozenAt) throw new AppError(409, 'ALREADY_FROZEN', 'already_frozen');
    if (!frozen && !row.frozenAt) throw new AppError(409, 'NOT_FROZEN', 'not_frozen');
    await playerRepository.setFrozen(trx, playerId, frozen ? { at: new Date(), reason } : null);
    await appendAudit(trx, actor, {
      action: frozen ? 'player.freeze' : 'player.unfreeze',
      targetType: 'player',
      targetId: playerId,
      reason,
      before: { frozen: row.frozenAt !== null, frozenReason: row.frozenReason },
      after: { frozen, frozenReason: frozen ? reason : null },
    });
  });
  return playerDetail(db, playerId);
}

/** Summaries of players by id, for the rows of operator queues. */
export async function playerSummaries(db: Queryable, playerIds: readonly number[]) {
  const rows = await playerRepository.findAdminRows(db, [...new Set(playerIds)]);
  return new Map(rows.map((row) => [row.id, presentSummary(row)]));
}
