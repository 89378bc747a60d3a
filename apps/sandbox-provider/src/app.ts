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
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Answer, refuse } from './answers.ts';
import type { SandboxConfig } from './config.ts';
import { FaultBook, type Operation } from './faults.ts';
import { registerPages } from './pages.ts';
import { gameResult, settleBets, sportsBet } from './sports.ts';
import { SandboxState } from './state.ts';
import { playRound, type WcDeps } from './wc.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the routes share: configuration, the books, the fault switches and the WC round's dependencies. */
export type Sandbox = { config: SandboxConfig; state: SandboxState; faults: FaultBook; wc: WcDeps };

/**
 * Runs one wallet operation with its fault switches: `delay` waits, `error`
 * answers 500 without applying, `timeout` applies nothing and never answers
 * (the connection is dropped after a while), `lost` applies (and saves) and
 * then drops the connection without an answer.
 */
async function withFaults(
  sandbox: Sandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { operation: Operation; playerRef: string | undefined },
  apply: () => Answer,
): Promise<unknown> {
  const fault = sandbox.faults.take(target.operation, target.playerRef, request.headers[PROVIDER_HEADERS.fault]);
  if (fault?.fault === 'delay') await sleep(fault.ms ?? 1000);
  if (fault?.fault === 'error')
    return reply.code(500).send({ ok: false, code: 'INTERNAL_ERROR', message: 'injected error' });
  if (fault?.fault === 'timeout') {
    reply.hijack();
    setTimeout(() => request.raw.socket?.destroy(), sandbox.config.timeoutHoldMs).unref();
    return reply;
  }
  const answer = apply();
  await sandbox.state.save();
  if (fault?.fault === 'lost') {
    reply.hijack();
    request.raw.socket?.destroy();
    return reply;
  }
  return reply.code(answer.status).send(answer.body);
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
}

/** A transfer into (credit-in) or out of (credit-out) a player's provider credit, idempotent by our reference. */
function transfer(
  sandbox: Sandbox,
  direction: 'in' | 'out',
  request: z.infer<typeof walletTransferRequestSchema>,
): Answer {
  const { state } = sandbox;
  const earlier = state.transfer(request.reference);
  if (earlier?.status === 'VOIDED') return refuse(409, 'REFERENCE_VOIDED', 'This reference was voided.');
  if (earlier) {
    const same =
      earlier.direction === direction &&
      earlier.playerRef === request.playerRef &&
      earlier.amountMinor === request.amountMinor;
    if (!same) return refuse(409, 'REFERENCE_MISMATCH', 'This reference was used for another transfer.');
    return {
      status: 200,
      body: {
        ok: true,
        reference: request.reference,
        status: 'COMPLETED',
        currentCreditMinor: earlier.currentAfterMinor,
      },
    };
  }
  if (direction === 'out' && !state.hasPlayer(request.playerRef))
    return refuse(404, 'PLAYER_NOT_FOUND', 'No such player.');
  settleBets(state, sandbox.config.seed, { playerRef: request.playerRef });
  const wallet = state.wallet(request.playerRef);
  if (direction === 'out' && request.amountMinor > wallet.currentCreditMinor) {
    return refuse(409, 'INSUFFICIENT_CREDIT', 'The amount is more than the current credit.');
  }
  wallet.currentCreditMinor += direction === 'in' ? request.amountMinor : -request.amountMinor;
  state.recordTransfer(request.reference, {
    status: 'COMPLETED',
    direction,
    playerRef: request.playerRef,
    amountMinor: request.amountMinor,
    currentAfterMinor: wallet.currentCreditMinor,
  });
  return {
    status: 200,
    body: {
      ok: true,
      reference: request.reference,
      status: 'COMPLETED',
      currentCreditMinor: wallet.currentCreditMinor,
    },
  };
}

function launch(sandbox: Sandbox, game: 'sports' | 'wc', request: z.infer<typeof launchRequestSchema>): Answer {
  const token = sandbox.state.openSession({ playerRef: request.playerRef, game, lang: request.lang });
  const url = `${sandbox.config.publicUrl}/play/${game}?session=${encodeURIComponent(token)}&lang=${encodeURIComponent(request.lang)}`;
  return { status: 200, body: { ok: true, url } };
}

type Route = {
  path: string;
  schema: z.ZodType;
  operation?: Operation;
  handle: (sandbox: Sandbox, body: never) => Answer | Promise<Answer>;
};

/** The transfer-wallet API and the launches our server calls. */
const WALLET_ROUTES: Route[] = [
  {
    path: PROVIDER_WALLET_PATHS.createPlayer,
    schema: createPlayerRequestSchema,
    operation: 'players',
    handle: (sandbox, body: z.infer<typeof createPlayerRequestSchema>) => {
      sandbox.state.wallet(body.playerRef);
      return { status: 200, body: { ok: true, playerRef: body.playerRef } };
    },
  },
  {
    path: PROVIDER_WALLET_PATHS.creditIn,
    schema: walletTransferRequestSchema,
    operation: 'credit-in',
    handle: (sandbox, body: z.infer<typeof walletTransferRequestSchema>) => transfer(sandbox, 'in', body),
  },
  {
    path: PROVIDER_WALLET_PATHS.creditOut,
    schema: walletTransferRequestSchema,
    operation: 'credit-out',
    handle: (sandbox, body: z.infer<typeof walletTransferRequestSchema>) => transfer(sandbox, 'out', body),
  },
  {
    path: PROVIDER_WALLET_PATHS.balance,
    schema: balanceRequestSchema,
    operation: 'balance',
    handle: (sandbox, body: z.infer<typeof balanceRequestSchema>) => {
      settleBets(sandbox.state, sandbox.config.seed, { playerRef: body.playerRef });
      const wallet = sandbox.state.hasPlayer(body.playerRef)
        ? sandbox.state.wallet(body.playerRef)
        : { currentCreditMinor: 0, inGameCreditMinor: 0 };
      return { status: 200, body: { ok: true, ...wallet } };
    },
  },
  {
    path: PROVIDER_WALLET_PATHS.status,
    schema: statusRequestSchema,
    operation: 'status',
    handle: (sandbox, body: z.infer<typeof statusRequestSchema>) => {
      const record = sandbox.state.transfer(body.reference);
      // A reference never seen is voided by this very question, so that it can never apply late.
      if (!record) sandbox.state.recordTransfer(body.reference, { status: 'VOIDED' });
      return { status: 200, body: { ok: true, reference: body.reference, status: record?.status ?? 'VOIDED' } };
    },
  },
  {
    path: PROVIDER_WALLET_PATHS.launch,
    schema: launchRequestSchema,
    operation: 'launch',
    handle: (sandbox, body: z.infer<typeof launchRequestSchema>) => launch(sandbox, 'sports', body),
  },
  {
    path: PROVIDER_SEAMLESS_PATHS.launch,
    schema: launchRequestSchema,
    operation: 'launch',
    handle: (sandbox, body: z.infer<typeof launchRequestSchema>) => launch(sandbox, 'wc', body),
  },
];

/** The controls for tests and demos. */
const CONTROL_ROUTES: Route[] = [
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
    handle: (sandbox, body: z.infer<typeof sandboxStateRequestSchema>) => {
      settleBets(sandbox.state, sandbox.config.seed);
      const refs = body.playerRefs ?? sandbox.state.players();
      const players = refs.map((playerRef) => ({
        playerRef,
        ...(sandbox.state.hasPlayer(playerRef)
          ? sandbox.state.wallet(playerRef)
          : { currentCreditMinor: 0, inGameCreditMinor: 0 }),
        gameResultMinor: gameResult(sandbox.state, playerRef),
      }));
      const transfers = (body.references ?? []).map((reference) => {
        const record = sandbox.state.transfer(reference);
        if (record?.status === 'COMPLETED') {
          return { reference, status: record.status, direction: record.direction, amountMinor: record.amountMinor };
        }
        return { reference, status: record?.status ?? 'UNKNOWN', direction: null, amountMinor: null };
      });
      return { status: 200, body: { ok: true, players, transfers } };
    },
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
      settleBets(sandbox.state, sandbox.config.seed, {
        force: true,
        ...(body.playerRef ? { playerRef: body.playerRef } : {}),
      });
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
      if (body.duplicate)
        sandbox.faults.setRules([{ operation: 'any', fault: 'duplicate', playerRef: body.playerRef, times: 8 }]);
      const round = await playRound(sandbox.wc, { playerRef: body.playerRef, betMinor: body.betMinor, plan });
      if (body.duplicate) sandbox.faults.setRules([]);
      return { status: 200, body: { ok: true, roundId: round.roundId, callbacks: round.callbacks } };
    },
  },
];

/** The signed routes: the raw body is kept for the signature, which is checked before anything else. */
async function signedRoutes(scope: FastifyInstance, sandbox: Sandbox): Promise<void> {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  for (const route of [...WALLET_ROUTES, ...CONTROL_ROUTES]) {
    scope.post(route.path, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const check = checkSignature(
        sandbox.config.secret,
        {
          timestamp: request.headers[PROVIDER_HEADERS.timestamp],
          signature: request.headers[PROVIDER_HEADERS.signature],
        },
        raw,
      );
      if (check !== 'ok')
        return reply.code(401).send({ ok: false, code: 'SIGNATURE_INVALID', message: `Signature ${check}.` });
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      const body = parse(route.schema, json);
      if (body === undefined)
        return reply.code(400).send({ ok: false, code: 'VALIDATION_ERROR', message: 'Invalid request.' });
      const playerRef = (body as { playerRef?: string }).playerRef;
      if (!route.operation) {
        const answer = await route.handle(sandbox, body as never);
        await sandbox.state.save();
        return reply.code(answer.status).send(answer.body);
      }
      // Wallet operations are synchronous: the books change in one step, before any fault drops the answer.
      const handle = route.handle as (sandbox: Sandbox, body: unknown) => Answer;
      return withFaults(sandbox, request, reply, { operation: route.operation, playerRef }, () =>
        handle(sandbox, body),
      );
    });
  }
}

/** Builds the sandbox provider's HTTP app. Listening (and closing) is the caller's business. */
export async function buildSandbox(config: SandboxConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 64 * 1024,
  });
  const state = new SandboxState(config.dataDir);
  const faults = new FaultBook(config.faultRate);
  const sandbox: Sandbox = {
    config,
    state,
    faults,
    wc: {
      serverUrl: config.serverUrl,
      secret: config.secret,
      timeoutMs: config.callbackTimeoutMs,
      faults,
      seed: config.seed,
      sleep,
    },
  };
  await app.register((scope) => signedRoutes(scope, sandbox));
  await registerPages(app, sandbox);
  app.get('/health', async () => ({ ok: true }));
  app.addHook('onClose', async () => {
    await state.save();
  });
  return app;
}
