import type { Socket } from 'node:net';
import {
  BANK_PATHS,
  bankPayRequestSchema,
  bankStatementRequestSchema,
  bankStatusRequestSchema,
} from '@app/contracts/payouts';
import {
  balanceRequestSchema,
  createPlayerRequestSchema,
  launchRequestSchema,
  PROVIDER_HEADERS,
  PROVIDER_SEAMLESS_PATHS,
  PROVIDER_WALLET_PATHS,
  SANDBOX_CONTROL_PATHS,
  sandboxStateRequestSchema,
  setFaultsRequestSchema,
  sportsBetRequestSchema,
  sportsSettleRequestSchema,
  statusRequestSchema,
  walletTransferRequestSchema,
  wcRoundRequestSchema,
} from '@app/contracts/provider';
import { checkSignature } from '@app/signing/hmac';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { z } from 'zod';
import { type Answer, refuse } from './answers.ts';
import { type BankRules, bankBalance, bankBooks, pay, payoutStatus, refusePayout, statement } from './bank.ts';
import type { SandboxConfig } from './config.ts';
import { FaultBook, type Operation } from './faults.ts';
import { CallbackOutbox } from './outbox.ts';
import { registerPages } from './pages.ts';
import { settleBets, sportsBet } from './sports.ts';
import { SandboxState } from './state.ts';
import { balance, books, createPlayer, launch, status, transfer, type WalletRules } from './wallet.ts';
import { playRound, type WcDeps } from './wc.ts';

const BODY_LIMIT_BYTES = 64 * 1024;
/** The state control may list every reference of a long reliability run. */
const STATE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const DELAY_DEFAULT_MS = 1000;

/** What the routes share: configuration, the books, the fault switches, the wallet's rules and the WC game's. */
export type Sandbox = {
  config: SandboxConfig;
  state: SandboxState;
  faults: FaultBook;
  wallet: WalletRules;
  wc: WcDeps;
  bank: BankRules;
  /** Connections a `timeout` fault holds open, dropped when the app closes. */
  held: Set<Socket>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drops a request's connection without a byte of answer: the client sees a socket error, not a half response. */
function dropConnection(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.hijack();
  request.raw.socket?.destroy();
  return reply;
}

/**
 * Runs one wallet operation with its fault switches: `delay` waits, then
 * answers; `error` answers 500 without applying; `timeout` applies nothing
 * and holds the request unanswered until its connection is dropped after
 * the hold; `lost` applies (and saves) and then drops the connection;
 * `refuse` (payouts) answers the bank's refusal instead of applying.
 */
async function withFaults(
  sandbox: Sandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { operation: Operation; playerRef: string | undefined },
  apply: () => Answer,
  refuseInstead?: () => Answer,
): Promise<FastifyReply> {
  const fault = sandbox.faults.take(target.operation, target.playerRef, request.headers[PROVIDER_HEADERS.fault]);
  if (fault?.fault === 'refuse' && refuseInstead) {
    const answer = refuseInstead();
    await sandbox.state.save();
    return reply.code(answer.status).send(answer.body);
  }
  if (fault?.fault === 'delay') await sleep(fault.ms ?? DELAY_DEFAULT_MS);
  if (fault?.fault === 'error') return reply.code(500).send(refuse(500, 'INTERNAL_ERROR', 'Injected error.').body);
  if (fault?.fault === 'timeout') {
    reply.hijack();
    const socket = request.raw.socket;
    sandbox.held.add(socket);
    setTimeout(() => {
      sandbox.held.delete(socket);
      socket.destroy();
    }, sandbox.config.timeoutHoldMs).unref();
    return reply;
  }
  const answer = apply();
  await sandbox.state.save();
  if (fault?.fault === 'lost') return dropConnection(request, reply);
  return reply.code(answer.status).send(answer.body);
}

type Route = {
  path: string;
  schema: z.ZodType;
  /** Wallet operations: synchronous, with fault switches. Controls have none. */
  operation?: Operation;
  bodyLimit?: number;
  handle: (sandbox: Sandbox, body: never) => Answer | Promise<Answer>;
  /** What the `refuse` fault answers instead (the bank's payouts). */
  refuse?: (sandbox: Sandbox, body: never) => Answer;
};

/** The transfer-wallet API and the launches our server calls. */
const WALLET_ROUTES: Route[] = [
  {
    path: PROVIDER_WALLET_PATHS.createPlayer,
    schema: createPlayerRequestSchema,
    operation: 'players',
    handle: (sandbox, body: z.infer<typeof createPlayerRequestSchema>) => createPlayer(sandbox.wallet, body),
  },
  {
    path: PROVIDER_WALLET_PATHS.creditIn,
    schema: walletTransferRequestSchema,
    operation: 'credit-in',
    handle: (sandbox, body: z.infer<typeof walletTransferRequestSchema>) => transfer(sandbox.wallet, 'in', body),
  },
  {
    path: PROVIDER_WALLET_PATHS.creditOut,
    schema: walletTransferRequestSchema,
    operation: 'credit-out',
    handle: (sandbox, body: z.infer<typeof walletTransferRequestSchema>) => transfer(sandbox.wallet, 'out', body),
  },
  {
    path: PROVIDER_WALLET_PATHS.balance,
    schema: balanceRequestSchema,
    operation: 'balance',
    handle: (sandbox, body: z.infer<typeof balanceRequestSchema>) => balance(sandbox.wallet, body),
  },
  {
    path: PROVIDER_WALLET_PATHS.status,
    schema: statusRequestSchema,
    operation: 'status',
    handle: (sandbox, body: z.infer<typeof statusRequestSchema>) => status(sandbox.wallet, body),
  },
  {
    path: PROVIDER_WALLET_PATHS.launch,
    schema: launchRequestSchema,
    operation: 'launch',
    handle: (sandbox, body: z.infer<typeof launchRequestSchema>) => launch(sandbox.wallet, 'sports', body),
  },
  {
    path: PROVIDER_SEAMLESS_PATHS.launch,
    schema: launchRequestSchema,
    operation: 'launch',
    handle: (sandbox, body: z.infer<typeof launchRequestSchema>) => launch(sandbox.wallet, 'wc', body),
  },
];

/** The sandbox bank's payout account (contracts/payouts.ts). */
const BANK_ROUTES: Route[] = [
  {
    path: BANK_PATHS.pay,
    schema: bankPayRequestSchema,
    operation: 'payout',
    handle: (sandbox, body: z.infer<typeof bankPayRequestSchema>) => pay(sandbox.bank, body),
    refuse: (sandbox, body: z.infer<typeof bankPayRequestSchema>) => refusePayout(sandbox.bank, body),
  },
  {
    path: BANK_PATHS.status,
    schema: bankStatusRequestSchema,
    operation: 'payout-status',
    handle: (sandbox, body: z.infer<typeof bankStatusRequestSchema>) => payoutStatus(sandbox.bank, body),
  },
  {
    path: BANK_PATHS.balance,
    schema: z.object({}),
    operation: 'bank-balance',
    handle: (sandbox) => bankBalance(sandbox.bank),
  },
  {
    path: BANK_PATHS.statement,
    schema: bankStatementRequestSchema,
    operation: 'bank-statement',
    handle: (sandbox, body: z.infer<typeof bankStatementRequestSchema>) => statement(sandbox.bank, body),
  },
];

/** The controls for tests and demos. */
const CONTROL_ROUTES: Route[] = [
  {
    path: SANDBOX_CONTROL_PATHS.bankState,
    schema: z.object({}),
    handle: (sandbox) => bankBooks(sandbox.bank),
  },
  {
    path: SANDBOX_CONTROL_PATHS.faults,
    schema: setFaultsRequestSchema,
    handle: (sandbox, body: z.infer<typeof setFaultsRequestSchema>) => {
      sandbox.faults.setRules(body.rules);
      return { status: 200, body: { ok: true, rules: body.rules.length } };
    },
  },
  {
    path: SANDBOX_CONTROL_PATHS.state,
    schema: sandboxStateRequestSchema,
    bodyLimit: STATE_BODY_LIMIT_BYTES,
    handle: (sandbox, body: z.infer<typeof sandboxStateRequestSchema>) => books(sandbox.wallet, body),
  },
  {
    path: SANDBOX_CONTROL_PATHS.sportsBet,
    schema: sportsBetRequestSchema,
    handle: (sandbox, body: z.infer<typeof sportsBetRequestSchema>) =>
      sportsBet(sandbox.state, { seed: sandbox.config.seed, settleMs: sandbox.config.settleMs }, body),
  },
  {
    path: SANDBOX_CONTROL_PATHS.sportsSettle,
    schema: sportsSettleRequestSchema,
    handle: (sandbox, body: z.infer<typeof sportsSettleRequestSchema>) => {
      const only = body.playerRef ? { playerRef: body.playerRef } : {};
      settleBets(sandbox.state, sandbox.config.seed, { force: true, ...only });
      return { status: 200, body: { ok: true } };
    },
  },
  {
    path: SANDBOX_CONTROL_PATHS.wcRound,
    schema: wcRoundRequestSchema,
    handle: async (sandbox, body: z.infer<typeof wcRoundRequestSchema>) => {
      const plan =
        body.outcome === 'win'
          ? { outcome: 'win' as const, winMinor: body.winMinor ?? body.betMinor * 2 }
          : { outcome: body.outcome };
      const round = await playRound(sandbox.wc, {
        playerRef: body.playerRef,
        betMinor: body.betMinor,
        plan,
        duplicate: body.duplicate === true,
      });
      return { status: 200, body: { ok: true, roundId: round.roundId, callbacks: round.callbacks } };
    },
  },
];

/** The player a request is about, for per-player fault rules: the body's, or for a status the reference's. */
function playerOf(sandbox: Sandbox, body: unknown): string | undefined {
  const fields = body as { playerRef?: string; reference?: string };
  if (fields.playerRef !== undefined) return fields.playerRef;
  const record = fields.reference === undefined ? undefined : sandbox.state.transfer(fields.reference);
  return record?.status === 'COMPLETED' ? record.playerRef : undefined;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The signed routes: the raw body is kept for the signature, which is checked before anything else. */
async function signedRoutes(scope: FastifyInstance, sandbox: Sandbox): Promise<void> {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  for (const route of [...WALLET_ROUTES, ...BANK_ROUTES, ...CONTROL_ROUTES]) {
    const config = { readOnly: route.operation !== undefined && READ_OPERATIONS.has(route.operation) };
    const options = route.bodyLimit === undefined ? { config } : { config, bodyLimit: route.bodyLimit };
    scope.post(route.path, options, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const given = {
        timestamp: request.headers[PROVIDER_HEADERS.timestamp],
        signature: request.headers[PROVIDER_HEADERS.signature],
      };
      const check = checkSignature(sandbox.config.secret, given, raw);
      if (check !== 'ok') return reply.code(401).send(refuse(401, 'SIGNATURE_INVALID', `Signature ${check}.`).body);
      const parsed = route.schema.safeParse(parseJson(raw));
      if (!parsed.success) return reply.code(400).send(refuse(400, 'VALIDATION_ERROR', 'Invalid request.').body);
      const body = parsed.data;
      const { operation } = route;
      if (!operation) {
        const answer = await route.handle(sandbox, body as never);
        await sandbox.state.save();
        return reply.code(answer.status).send(answer.body);
      }
      // Wallet operations are synchronous: the books change in one step, before any fault drops the answer.
      const handle = route.handle as (sandbox: Sandbox, body: unknown) => Answer;
      const target = { operation, playerRef: playerOf(sandbox, body) };
      const refuseWith = route.refuse as ((sandbox: Sandbox, body: unknown) => Answer) | undefined;
      const refuseInstead = refuseWith ? () => refuseWith(sandbox, body) : undefined;
      return withFaults(sandbox, request, reply, target, () => handle(sandbox, body), refuseInstead);
    });
  }
}

/**
 * The operations that only read the books: the server asks them every few
 * seconds (the bank statement every 2 s, balances on every page of the game
 * lobby), so their access lines are routine.
 */
const READ_OPERATIONS: ReadonlySet<Operation> = new Set([
  'balance',
  'status',
  'payout-status',
  'bank-balance',
  'bank-statement',
]);

/**
 * One access line per answered request, at debug for a routine one (a read:
 * a GET of a game page or its state poll, a read-only operation, answered
 * below 400) and at info for the rest (a transfer, a payout, a control, an
 * error), so `npm start` at info is not flooded by the polls.
 */
function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD' || request.routeOptions.config.readOnly === true;
    const level = read && reply.statusCode < 400 ? 'debug' : 'info';
    request.log[level](
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}

/** One error shape for everything: a refusal in the protocol's words, and a 5xx that shows no internals. */
function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send(refuse(statusCode, 'VALIDATION_ERROR', 'The request is not valid.').body);
    }
    request.log.error({ err: error }, 'sandbox request failed');
    return reply.code(500).send(refuse(500, 'INTERNAL_ERROR', 'Internal error.').body);
  });
}

function sandboxOf(config: SandboxConfig, app: FastifyInstance): Sandbox {
  const state = new SandboxState(config.dataDir);
  const faults = new FaultBook(config.faultRate);
  const callbacks = {
    serverUrl: config.serverUrl,
    secret: config.secret,
    timeoutMs: config.callbackTimeoutMs,
    faults,
  };
  const outbox = new CallbackOutbox(callbacks, state, config.callbackRetryMs, app.log);
  return {
    config,
    state,
    faults,
    wallet: { state, seed: config.seed, publicUrl: config.publicUrl },
    wc: { callbacks, outbox, seed: config.seed },
    bank: { state, openingMinor: config.bankOpeningMinor },
    held: new Set(),
  };
}

/** Builds the sandbox provider's HTTP app, with its books loaded. Listening (and closing) is the caller's business. */
export async function buildSandbox(
  config: SandboxConfig,
  /** Where the log lines go (a test reads them); stdout unless given. */
  options: { logStream?: { write: (line: string) => void } } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One access line per request, at the level registerAccessLog chooses, instead of Fastify's two at info.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
  });
  registerAccessLog(app);
  const sandbox = sandboxOf(config, app);
  answerErrors(app);
  await app.register((scope) => signedRoutes(scope, sandbox));
  await registerPages(app, sandbox);
  app.get('/health', async () => ({ ok: true }));
  sandbox.wc.outbox.start();
  app.addHook('preClose', async () => {
    // Held requests would keep the server from closing until their hold ends.
    for (const socket of sandbox.held) socket.destroy();
    sandbox.held.clear();
  });
  app.addHook('onClose', async () => {
    sandbox.wc.outbox.stop();
    await sandbox.state.save();
  });
  return app;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that only reads the books: its answered requests are logged at debug. */
    readOnly?: boolean;
  }
}
