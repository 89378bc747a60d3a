import type { Language } from '@app/contracts/languages';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import type { Config } from '../env.ts';
import type { Session } from '../modules/auth/auth.service.ts';
import type { TokenSigner } from '../modules/auth/tokens.ts';
import type { HouseAccounts } from '../modules/ledger/ledger.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    session: Session | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What routes need from the rest of the server, built once in app.ts. */
export type Deps = {
  db: Db;
  config: Config;
  signer: TokenSigner;
  house: HouseAccounts;
};
