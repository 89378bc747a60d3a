import { FALLBACK_LANGUAGE } from '@app/contracts/languages';
import {
  CHANNEL_PATHS,
  channelsResponseSchema,
  lineCodeResponseSchema,
  pushSubscribeRequestSchema,
  pushUnsubscribeRequestSchema,
} from '@app/contracts/notifications';
import { WEBHOOK_PATHS } from '@app/contracts/paths';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { errorResponses } from '../../http/errors.ts';
import { sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { isLinked, unlinkLine } from './line-links.repository.ts';
import { addFriendUrl, createLinkCode, handleLineEvent } from './line-links.ts';
import { checkLineSignature, LINE_SIGNATURE_HEADER } from './line-messaging.ts';
import { subscribePush, unsubscribePush } from './push-subscriptions.ts';

type OutsideChannelsDeps = { db: Db; config: Config };

const tags = ['notifications'];
const security = [{ bearer: [] }];
const okSchema = z.object({ success: z.literal(true) });

/** The player's LINE link and Web Push subscriptions. */
export async function outsideChannelRoutes(app: App, deps: OutsideChannelsDeps) {
  const line = deps.config.outside.line;

  app.get(
    CHANNEL_PATHS.channels,
    {
      schema: {
        tags,
        security,
        summary: 'Whether LINE is linked, and the Web Push key',
        response: { 200: channelsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        line: {
          available: line !== undefined,
          linked: await isLinked(deps.db, sessionOf(request).playerId),
          officialAccount: line?.officialAccount ?? '',
          addFriendUrl: line ? addFriendUrl(line) : '',
        },
        push: { publicKey: deps.config.outside.vapid.publicKey },
      },
    }),
  );

  app.post(
    CHANNEL_PATHS.lineCode,
    {
      schema: {
        tags,
        security,
        summary: 'A one-time code (10 minutes) to send to the official account on LINE',
        response: { 200: lineCodeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!line) throw new AppError(409, 'LINE_NOT_AVAILABLE', 'line_not_available');
      const made = await createLinkCode(deps.db, sessionOf(request).playerId, request.language ?? FALLBACK_LANGUAGE);
      return {
        success: true as const,
        data: {
          code: made.code,
          expiresAt: made.expiresAt.toISOString(),
          officialAccount: line.officialAccount,
          addFriendUrl: addFriendUrl(line),
        },
      };
    },
  );

  app.post(
    CHANNEL_PATHS.lineUnlink,
    { schema: { tags, security, summary: 'Stops LINE messages', response: { 200: okSchema, ...errorResponses } } },
    async (request) => {
      await unlinkLine(deps.db, sessionOf(request).playerId);
      return { success: true as const };
    },
  );

  app.post(
    CHANNEL_PATHS.pushSubscribe,
    {
      schema: {
        tags,
        security,
        summary: "Opts this device in to Web Push (the browser's PushSubscription, on a known push service)",
        body: pushSubscribeRequestSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      const language = request.body.language ?? request.language ?? FALLBACK_LANGUAGE;
      const playerId = sessionOf(request).playerId;
      await subscribePush(deps.db, { playerId, endpoint, keys, language }, deps.config.outside.pushServiceHosts);
      return { success: true as const };
    },
  );

  app.post(
    CHANNEL_PATHS.pushUnsubscribe,
    {
      schema: {
        tags,
        security,
        summary: 'Opts this device out of Web Push',
        body: pushUnsubscribeRequestSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      await unsubscribePush(deps.db, sessionOf(request).playerId, request.body.endpoint);
      return { success: true as const };
    },
  );
}

const lineWebhookSchema = z.object({
  destination: z.string().optional(),
  events: z
    .array(
      z.looseObject({
        type: z.string(),
        replyToken: z.string().max(200).optional(),
        source: z.looseObject({ type: z.string(), userId: z.string().max(100).optional() }).optional(),
        message: z.looseObject({ type: z.string(), text: z.string().max(5000).optional() }).optional(),
      }),
    )
    .max(100),
});

/**
 * LINE's webhook (registered only when LINE is set up): the body is checked
 * against x-line-signature (HMAC-SHA256 with the channel secret, base64)
 * before it is read. LINE's verify request (no events) answers 200.
 */
export async function lineWebhookRoutes(app: App, deps: OutsideChannelsDeps) {
  const line = deps.config.outside.line;
  if (!line) return;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('preValidation', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers[LINE_SIGNATURE_HEADER];
    if (!checkLineSignature(line.channelSecret, raw, typeof signature === 'string' ? signature : undefined)) {
      throw new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'webhook_signature_invalid');
    }
    try {
      request.body = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'MALFORMED_JSON', 'malformed_json');
    }
  });
  app.post(
    WEBHOOK_PATHS.line,
    {
      schema: {
        tags: ['webhooks'],
        summary: "LINE Messaging API webhook: a player's linking code, unfollows",
        description: 'Header x-line-signature: base64 of HMAC-SHA256 of the raw body with LINE_CHANNEL_SECRET.',
        body: lineWebhookSchema,
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (request) => {
      for (const event of request.body.events) await handleLineEvent(deps.db, event);
      return { success: true as const };
    },
  );
}
