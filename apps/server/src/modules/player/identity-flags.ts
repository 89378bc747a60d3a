import { createHash } from 'node:crypto';
import type { PlayerFlagKind } from '@app/contracts/payouts';
import type { Queryable, Trx } from '../../db/database.ts';
import { nameKeys } from '../blacklist/identity.ts';
import {
  insertPlayerFlags,
  playerFlags,
  registeredIdentity,
  sameNameOtherAccount,
  sameOrigin,
} from './player.repository.ts';

/** Accounts registered from one address or device within the window that make them all "shared". */
export const SHARED_ORIGIN_ACCOUNTS = 3;
export const SHARED_ORIGIN_WINDOW_HOURS = 24;
/** Players flagged at most per kind at one registration (a name shared by thousands is not a signal). */
const RELATED_MAX = 20;

/** The loopback address is this machine (the demo, a proxy without TRUST_PROXY), never a player's own. */
export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** A device id the app sends (a random id it keeps), stored only as a hash. */
export function deviceKey(header: unknown): string | null {
  if (typeof header !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(header)) return null;
  return createHash('sha256').update(header).digest('hex').slice(0, 32);
}

/**
 * Duplicate identity of a player just registered, flagged on both players:
 * the same name (blacklist/identity.ts: its words in any order) with another
 * bank account (SAME_NAME), and the same address (SHARED_ADDRESS) or device
 * (SHARED_DEVICE) having registered SHARED_ORIGIN_ACCOUNTS accounts or more
 * within the window. (The same bank account under two players is refused at
 * registration.)
 */
export async function flagDuplicateIdentity(trx: Trx, playerId: number): Promise<PlayerFlagKind[]> {
  const player = await registeredIdentity(trx, playerId);
  const found: { kind: PlayerFlagKind; related: number[] }[] = [];
  const names = nameKeys(player.full_name);
  if (names.length > 0) {
    const related = await sameNameOtherAccount(
      trx,
      { id: playerId, nameKeys: names, bankCode: player.bank_code, bankNumber: player.bank_number },
      RELATED_MAX,
    );
    found.push({ kind: 'SAME_NAME', related });
  }
  const since = new Date(Date.now() - SHARED_ORIGIN_WINDOW_HOURS * 3600 * 1000);
  const origins: { kind: PlayerFlagKind; column: 'registered_address' | 'registered_device'; value: string | null }[] =
    [
      { kind: 'SHARED_ADDRESS', column: 'registered_address', value: player.registered_address },
      { kind: 'SHARED_DEVICE', column: 'registered_device', value: player.registered_device },
    ];
  for (const origin of origins) {
    if (!origin.value) continue;
    const related = await sameOrigin(trx, { playerId, column: origin.column, value: origin.value, since }, RELATED_MAX);
    if (related.length + 1 >= SHARED_ORIGIN_ACCOUNTS) found.push({ kind: origin.kind, related });
  }
  const pairs = found.flatMap(({ kind, related }) =>
    related.flatMap((other) => [
      { player_id: playerId, kind, related_player_id: other },
      { player_id: other, kind, related_player_id: playerId },
    ]),
  );
  if (pairs.length > 0) await insertPlayerFlags(trx, pairs);
  return found.filter((item) => item.related.length > 0).map((item) => item.kind);
}

/** A player's duplicate-identity flags, with the other player's username, newest first. */
export async function flagsOf(db: Queryable, playerId: number) {
  const rows = await playerFlags(db, playerId);
  return rows.map((row) => ({
    kind: row.kind,
    relatedPlayerId: Number(row.related_player_id),
    relatedUsername: row.username,
    createdAt: row.created_at.toISOString(),
  }));
}
