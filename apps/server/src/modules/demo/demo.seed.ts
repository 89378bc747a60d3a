import { REGISTER_AGENT_ID } from '@app/contracts/limits';
import type { Db } from '../../db/database.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import {
  createEnrolledOperator,
  ensureSystemOperator,
  operatorExists,
  SYSTEM_OPERATORS,
} from '../operators/operator.service.ts';
import { findPlayerIdByPhone, registerPlayer } from '../player/player.service.ts';
import { adjustInOneCall } from '../wallet/manual-adjustment.ts';
import { approveWithdrawal, requestWithdrawal } from '../withdrawals/withdrawal.service.ts';
import { seedDemoLoyalty } from './demo-loyalty.ts';

export const DEMO_PLAYER = {
  phoneNumber: '0812345678',
  password: 'demo1234',
  fullName: 'สมชาย ใจดี',
  bankCode: 'KBANK',
  bankNumber: '1234567890',
};

/**
 * The demo operators of the README. Their TOTP secret is public on purpose:
 * add it to an authenticator app (or let `npm run ops -- totp` print the
 * current code). Demo mode only, never with a real database.
 */
export const DEMO_OPERATORS = [
  { username: 'demo-admin', displayName: 'Demo admin', role: 'admin', password: 'demo-admin-1234' },
  { username: 'demo-operator', displayName: 'Demo operator', role: 'operator', password: 'demo-operator-1234' },
] as const;
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** A demo player with a little money and history, so the app has something to show. */
async function seedDemoPlayer(db: Db, house: HouseAccounts): Promise<void> {
  if ((await findPlayerIdByPhone(db, DEMO_PLAYER.phoneNumber)) !== undefined) return;
  const playerId = await registerPlayer(db, { ...DEMO_PLAYER, agentId: REGISTER_AGENT_ID });
  const movements = [
    { direction: 'credit', amountSatang: 150_000 },
    { direction: 'credit', amountSatang: 50_050 },
    { direction: 'debit', amountSatang: 30_000 },
  ] as const;
  for (const movement of movements) {
    await adjustInOneCall(db, {
      house,
      actor: { operatorId: null, name: 'demo' },
      limited: false,
      adjustment: { playerId, ...movement, reason: 'demo data' },
      idempotency: { scope: 'demo', key: undefined, fingerprint: '' },
    });
  }
  // A withdrawal paid before (by the cashier): the demo player's next small withdrawal is not a
  // first one, so the risk rules pay it automatically.
  const earlier = await requestWithdrawal({ db, house }, { playerId, amountSatang: 30_000, idempotencyKey: undefined });
  const cli = await ensureSystemOperator(db, SYSTEM_OPERATORS.cli);
  await approveWithdrawal(
    { db, house },
    { operatorId: cli.id, name: cli.username },
    { id: earlier.value.id, idempotencyKey: undefined, note: 'demo data' },
  );
}

async function seedDemoOperators(db: Db): Promise<void> {
  const cli = await ensureSystemOperator(db, SYSTEM_OPERATORS.cli);
  for (const operator of DEMO_OPERATORS) {
    if (await operatorExists(db, operator.username)) continue;
    await createEnrolledOperator(
      db,
      { operatorId: cli.id, name: cli.username },
      { ...operator, totpSecret: DEMO_TOTP_SECRET },
    );
  }
}

/** Demo data for the embedded default: a player with some history, two operators, promotions and reward prices. */
export async function seedDemoData(db: Db, house: HouseAccounts): Promise<void> {
  await seedDemoPlayer(db, house);
  await seedDemoOperators(db);
  await seedDemoLoyalty(db);
}
