/** The bench's players: registered, signed in and funded over the API, as a new player would be. */
import { randomBytes } from 'node:crypto';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';

export const PASSWORD = 'bench-password-1';
/** Each player's starting balance: enough for every withdrawal and bet of a run. */
const FUNDING_BAHT = 5_000_000;

export type Player = { id: number; phone: string; token: string; username: string; bankNumber: string };

export const bearer = (player: Player) => ({ authorization: `Bearer ${player.token}` });

let keySequence = 0;
/** A fresh Idempotency-Key (unique within the run and across runs). */
export const runTag = randomBytes(4).toString('hex');
export function newKey(): string {
  keySequence += 1;
  return `bench-${runTag}-${keySequence}`;
}

export async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }) {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'POST'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** Registers, signs in and funds the run's players, and lets the seamless game (WC) learn each of them. */
export async function setUpPlayers(base: string, adminKey: string, count: number, first = 0): Promise<Player[]> {
  const players: Player[] = [];
  const tag = Number.parseInt(runTag, 16) % 100_000;
  for (let index = first; index < first + count; index += 1) {
    const digits = String(tag * 1000 + index)
      .padStart(8, '0')
      .slice(-8);
    const phone = `08${digits}`;
    const bankNumber = `6${digits}${index % 10}`;
    await call(`${base}${API_PATHS.register}`, {
      body: {
        agentId: 1,
        fullName: `Bench ${index}`,
        bankCode: 'KBANK',
        bankNumber,
        phoneNumber: phone,
        password: PASSWORD,
      },
    });
    const login = await call(`${base}${API_PATHS.login}`, { body: { username: phone, password: PASSWORD } });
    const token = String(login.data?.token);
    const auth = { authorization: `Bearer ${token}` };
    const profile = await call(`${base}${API_PATHS.profile}`, { headers: auth });
    await call(`${base}${API_PATHS.launchGame}`, { headers: auth, body: { gameCode: 'WC' } });
    const operator = { 'x-admin-key': adminKey };
    const found = await call(`${base}${ADMIN_PATHS.players}?q=${phone}`, { headers: operator });
    const playerId = (found.data?.items as { id: number }[] | undefined)?.[0]?.id;
    await call(`${base}${fillPath(ADMIN_PATHS.playerCredit, { id: String(playerId) })}`, {
      headers: { ...operator, 'idempotency-key': newKey() },
      body: { amount: FUNDING_BAHT, reason: 'bench funding' },
    });
    players.push({ id: Number(playerId), phone, token, username: String(profile.data?.username), bankNumber });
  }
  return players;
}
