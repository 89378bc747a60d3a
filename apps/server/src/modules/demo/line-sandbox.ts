import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_PATHS, WEBHOOK_PATHS } from '@app/contracts/paths';
import fastifyFormbody from '@fastify/formbody';
import { z } from 'zod';
import type { LineConfig } from '../../env.ts';
import type { App } from '../../http/types.ts';
import {
  LINE_PUSH_PATH,
  LINE_REPLY_PATH,
  LINE_RETRY_KEY_HEADER,
  LINE_TEXT_MAX,
  lineSignature,
} from '../notifications/line-messaging.ts';
import { escapeHtml, SANDBOX_PAGE_STYLE } from './sandbox-bank.page.ts';

/** A message the fake LINE platform accepted, pushed (billed beyond the quota) or a reply (free). */
export type FakeLineMessage = {
  at: string;
  to: string;
  text: string;
  retryKey: string | undefined;
  via: 'push' | 'reply';
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What the fake keeps: the newest messages (a demo, not an archive). */
const KEPT_MAX = 500;

const messagesSchema = z
  .array(z.object({ type: z.literal('text'), text: z.string().min(1).max(LINE_TEXT_MAX) }))
  .min(1)
  .max(5);
const pushBodySchema = z.object({ to: z.string().min(1).max(100), messages: messagesSchema });
const replyBodySchema = z.object({ replyToken: z.string().min(1).max(200), messages: messagesSchema });

type FakeAnswer = { status: number; body: unknown };

const UNAUTHORIZED: FakeAnswer = {
  status: 401,
  body: { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' },
};

function invalidBody(error: z.ZodError): FakeAnswer {
  const details = error.issues.slice(0, 1).map((issue) => ({ message: issue.message, property: issue.path.join('.') }));
  return { status: 400, body: { message: 'The request body has 1 error(s)', details } };
}

const sentMessages = (count: number) => ({
  sentMessages: Array.from({ length: count }, () => ({ id: randomBytes(8).toString('hex'), quoteToken: randomUUID() })),
});

/**
 * A local stand-in for the LINE platform's push and reply endpoints, as
 * documented (https://developers.line.biz/en/reference/messaging-api/#send-push-message):
 * `POST /v2/bot/message/push` with `Authorization: Bearer <channel access token>`,
 * `{ to, messages: [{ type: 'text', text }] }` (1 to 5 messages, text up to
 * 5,000 characters) and an optional `X-Line-Retry-Key` (a UUID; a repeat
 * answers 409 and is not delivered twice); `POST /v2/bot/message/reply` with
 * `{ replyToken, messages }`, the token one of a message the platform sent
 * (textEvent), usable once (any other: 400 "Invalid reply token"). Answers as
 * LINE does: 200 `{ sentMessages }`, 400 / 401 / 409 with `{ message }`.
 */
export class FakeLinePlatform {
  readonly received: FakeLineMessage[] = [];
  private readonly retryKeys = new Set<string>();
  /** The reply tokens of the messages this platform delivered, to their sender, until used. */
  private readonly replyTokens = new Map<string, string>();

  constructor(private readonly accessToken: string) {}

  /** A webhook body with one text message from a user, whose reply token this platform then accepts once. */
  textEvent(userId: string, text: string) {
    const body = lineTextEvent(userId, text);
    for (const event of body.events) this.replyTokens.set(event.replyToken, userId);
    for (const stale of [...this.replyTokens.keys()].slice(0, Math.max(0, this.replyTokens.size - KEPT_MAX)))
      this.replyTokens.delete(stale);
    return body;
  }

  accept(headers: Record<string, string | string[] | undefined>, body: unknown): FakeAnswer {
    if (headers.authorization !== `Bearer ${this.accessToken}`) return UNAUTHORIZED;
    const retryKey = typeof headers[LINE_RETRY_KEY_HEADER] === 'string' ? headers[LINE_RETRY_KEY_HEADER] : undefined;
    if (retryKey !== undefined && !UUID.test(retryKey)) {
      return { status: 400, body: { message: 'The value for the X-Line-Retry-Key header is invalid' } };
    }
    const parsed = pushBodySchema.safeParse(body);
    if (!parsed.success) return invalidBody(parsed.error);
    if (retryKey !== undefined && this.retryKeys.has(retryKey)) {
      return { status: 409, body: { message: 'The retry key is already accepted', sentMessages: [] } };
    }
    if (retryKey !== undefined) this.retryKeys.add(retryKey);
    this.keep(parsed.data.to, parsed.data.messages, retryKey, 'push');
    return { status: 200, body: sentMessages(parsed.data.messages.length) };
  }

  acceptReply(headers: Record<string, string | string[] | undefined>, body: unknown): FakeAnswer {
    if (headers.authorization !== `Bearer ${this.accessToken}`) return UNAUTHORIZED;
    const parsed = replyBodySchema.safeParse(body);
    if (!parsed.success) return invalidBody(parsed.error);
    const to = this.replyTokens.get(parsed.data.replyToken);
    if (to === undefined) return { status: 400, body: { message: 'Invalid reply token' } };
    this.replyTokens.delete(parsed.data.replyToken);
    this.keep(to, parsed.data.messages, undefined, 'reply');
    return { status: 200, body: sentMessages(parsed.data.messages.length) };
  }

  private keep(to: string, messages: { text: string }[], retryKey: string | undefined, via: FakeLineMessage['via']) {
    const at = new Date().toISOString();
    for (const message of messages) this.received.push({ at, to, text: message.text, retryKey, via });
    this.received.splice(0, Math.max(0, this.received.length - KEPT_MAX));
  }
}

/** The fake's push and reply endpoints under `base` (the demo's DEMO_PATHS.sandboxLineApi; a test's own server). */
export async function fakeLineApiRoutes(app: App, options: { platform: FakeLinePlatform; base: string }) {
  app.post(`${options.base}${LINE_PUSH_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    const answer = options.platform.accept(request.headers, request.body);
    return reply.code(answer.status).send(answer.body);
  });
  app.post(`${options.base}${LINE_REPLY_PATH}`, { schema: { hide: true } }, async (request, reply) => {
    const answer = options.platform.acceptReply(request.headers, request.body);
    return reply.code(answer.status).send(answer.body);
  });
}

/** A LINE webhook body with one text message from a user, as LINE sends it. */
export function lineTextEvent(userId: string, text: string) {
  return {
    destination: 'Udemo0official0account',
    events: [
      {
        type: 'message',
        mode: 'active',
        timestamp: Date.now(),
        webhookEventId: randomUUID(),
        deliveryContext: { isRedelivery: false },
        replyToken: randomBytes(16).toString('hex'),
        source: { type: 'user', userId },
        message: { id: randomBytes(8).toString('hex'), type: 'text', quoteToken: randomUUID(), text },
      },
    ],
  };
}

const sendFormSchema = z.object({
  userId: z
    .string()
    .regex(/^U[0-9a-f]{32}$/)
    .catch(''),
  text: z.string().max(200).catch(''),
});

const pageQuerySchema = z.object({
  userId: z
    .string()
    .regex(/^U[0-9a-f]{32}$/)
    .catch(''),
  status: z.coerce.number().int().optional().catch(undefined),
  text: z.string().max(200).catch(''),
});

function linePage(input: {
  userId: string;
  messages: readonly FakeLineMessage[];
  outcome?: string | undefined;
  officialAccount: string;
}) {
  const rows = [...input.messages]
    .reverse()
    .map(
      (message) =>
        `<li data-testid="line-message"><strong>To ${escapeHtml(message.to)}</strong>${message.via === 'reply' ? ' (reply)' : ''}<br>${escapeHtml(message.text).replace(/\n/g, '<br>')}<br>` +
        `<time datetime="${escapeHtml(message.at)}">${escapeHtml(message.at.replace('T', ' ').slice(0, 19))} UTC</time></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>LINE sandbox</title><style>${SANDBOX_PAGE_STYLE}</style></head><body><main>
<h1>LINE sandbox</h1>
<p class="note">Demo mode: a stand-in for the LINE platform. It shows the messages the server sent to LINE users (pushes, and replies to what they wrote) and to the operators' group, and lets you write to the official account ${escapeHtml(input.officialAccount)} as a LINE user, as a player does to link: get a code under Notifications in the app, and send it here.</p>
${input.outcome ? `<section class="result"><h2>Sent to the official account</h2><p>${escapeHtml(input.outcome)}</p></section>` : ''}
<form method="post" action="${DEMO_PATHS.sandboxLineSend}">
  <label for="userId">LINE user id</label>
  <input id="userId" name="userId" value="${escapeHtml(input.userId)}" required pattern="U[0-9a-f]{32}">
  <label for="text">Message</label>
  <input id="text" name="text" autocomplete="off" required maxlength="200" placeholder="The 6-character code">
  <div class="buttons"><button type="submit">Send to ${escapeHtml(input.officialAccount)}</button></div>
</form>
<section class="payouts" aria-labelledby="line-title"><h2 id="line-title">Messages received</h2>
${rows ? `<ol>${rows}</ol>` : '<p class="note">None yet.</p>'}</section>
</main></body></html>`;
}

/**
 * The LINE sandbox of demo mode: the fake Messaging API the server's LINE
 * adapter pushes to, and a page that shows what it received and writes to the
 * official account through the real, signed webhook.
 */
export async function lineSandboxRoutes(app: App, deps: { line: LineConfig; platform: FakeLinePlatform }) {
  await app.register(fakeLineApiRoutes, { platform: deps.platform, base: DEMO_PATHS.sandboxLineApi });
  await app.register(async (forms: App) => {
    await forms.register(fastifyFormbody, { bodyLimit: 4096 });
    const render = (userId: string, outcome?: string) =>
      linePage({ userId, messages: deps.platform.received, outcome, officialAccount: deps.line.officialAccount });

    forms.get(DEMO_PATHS.sandboxLine, { schema: { hide: true } }, async (request, reply) => {
      const query = pageQuerySchema.parse(request.query ?? {});
      const outcome =
        query.status === undefined
          ? undefined
          : query.status === 200
            ? `"${query.text}" delivered. The official account's answer appears below within a few seconds (reload).`
            : `The webhook refused it (${query.status}).`;
      return reply
        .type('text/html; charset=utf-8')
        .send(render(query.userId || `U${randomBytes(16).toString('hex')}`, outcome));
    });

    forms.post(DEMO_PATHS.sandboxLineSend, { schema: { hide: true } }, async (request, reply) => {
      const parsed = sendFormSchema.safeParse(request.body);
      const form = parsed.success ? parsed.data : { userId: '', text: '' };
      const userId = form.userId || `U${randomBytes(16).toString('hex')}`;
      const body = JSON.stringify(deps.platform.textEvent(userId, form.text));
      const delivered = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATHS.line,
        headers: {
          'content-type': 'application/json',
          'x-line-signature': lineSignature(deps.line.channelSecret, body),
        },
        payload: body,
      });
      // Post/redirect/get: reloading the page shows the messages again; it does not send the text twice.
      const query = new URLSearchParams({ userId, status: String(delivered.statusCode), text: form.text });
      return reply.redirect(`${DEMO_PATHS.sandboxLine}?${query}`, 303);
    });
  });
}
