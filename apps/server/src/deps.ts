import type { Db } from './db/database.ts';
import type { Config } from './env.ts';
import type { AuthContext } from './modules/auth/auth.service.ts';
import type { SlipStorage } from './modules/deposits/slip-storage.ts';
import type { GamesContext } from './modules/games/games-context.ts';
import type { HouseAccounts } from './modules/ledger/ledger.service.ts';
import type { OperatorAuthContext } from './modules/operators/operator.service.ts';
import type { RewardImageStorage } from './modules/settings/reward-image-storage.ts';

/**
 * What the routes of every module may use, built once by app.ts (the
 * composition root). Lower layers (db/, lib/, http/) never see it.
 */
export type Deps = {
  db: Db;
  config: Config;
  house: HouseAccounts;
  playerAuth: AuthContext;
  operatorAuth: OperatorAuthContext;
  slips: SlipStorage;
  rewardImages: RewardImageStorage;
  games: GamesContext;
};
