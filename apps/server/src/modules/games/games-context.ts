import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { SeamlessProvider, TransferWalletProvider } from './provider-adapter.ts';
import type { ProviderFiguresMemory } from './provider-figures.ts';

/** What the game services use: the database, the house accounts, the providers and their timings. */
export type GamesContext = {
  db: Db;
  house: HouseAccounts;
  wallet: TransferWalletProvider;
  seamless: SeamlessProvider;
  timing: { providerTimeoutMs: number; balanceTimeoutMs: number; reconcileMinAgeMs: number };
  figures: ProviderFiguresMemory;
};

/** The provider gave no usable answer before anything moved: try again later. */
export const providerUnavailable = () =>
  new AppError(503, 'PROVIDER_UNAVAILABLE', 'provider_unavailable', {}, { 'retry-after': '5' });
