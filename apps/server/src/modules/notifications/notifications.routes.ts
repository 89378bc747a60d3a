import { markReadRequestSchema, NOTIFICATION_PATHS, notificationsResponseSchema } from '@app/contracts/notifications';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { errorResponses } from '../../http/errors.ts';
import { sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { type AuthContext, isSessionActive } from '../auth/auth.service.ts';
import type { NotificationBus } from './notification-bus.ts';
import { findNotification, listNotifications, markRead, unreadCount } from './notifications.service.ts';

type NotificationRoutesDeps = { db: Db; notifications: NotificationBus; playerAuth: AuthContext; config: Config };

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The player's notification centre: the list, marking read, and the live stream (Server-Sent Events). */
export async function notificationRoutes(app: App, deps: NotificationRoutesDeps) {
  app.get(
    NOTIFICATION_PATHS.list,
    {
      schema: {
        tags,
        security,
        summary: "The player's latest notifications, newest first, and the unread count",
        response: { 200: notificationsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listNotifications(deps.db, sessionOf(request).playerId),
    }),
  );

  app.post(
    NOTIFICATION_PATHS.read,
    {
      schema: {
        tags,
        security,
        summary: 'Mark notifications read (the ids given, or all)',
        body: markReadRequestSchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ unread: z.number().int() }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: { unread: await markRead(deps.db, sessionOf(request).playerId, request.body.ids) },
    }),
  );

  app.get(
    NOTIFICATION_PATHS.stream,
    {
      schema: {
        tags,
        security,
        summary: 'Notifications as they happen (text/event-stream): ready, notification and resync events',
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const playerId = session.playerId;
      const unread = await unreadCount(deps.db, playerId);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (event: string, data: unknown) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      send('ready', { unread });
      // Events are written in order, one lookup at a time.
      let queue = Promise.resolve();
      const unsubscribe = deps.notifications.subscribe(playerId, (event) => {
        queue = queue
          .then(async () => {
            if (event.kind === 'resync') return send('resync', {});
            const notification = await findNotification(deps.db, playerId, event.id);
            if (notification) send('notification', notification);
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'notification stream write failed'));
      });
      // A comment line keeps proxies and the browser from closing an idle stream; at each one the session
      // is asked again, so a stream of a session that ended (logout, a password change, expiry) ends too.
      const keepAlive = setInterval(() => {
        isSessionActive(deps.playerAuth, session)
          .then((active) => {
            if (raw.writableEnded) return;
            if (active) raw.write(': keep-alive\n\n');
            else raw.end();
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'notification stream session check failed'));
      }, deps.config.outside.streamKeepAliveMs);
      keepAlive.unref();
      // The response closes when the player's connection does (or the server ends it).
      raw.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
    },
  );
}
