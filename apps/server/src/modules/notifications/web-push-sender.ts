import type { Agent } from 'node:https';
import { loadWebPush } from '../../lib/lazy-module.ts';

/** What became of a push: delivered to the push service, gone (the subscription ended), or worth trying again. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'refused'; error: string }
  | { kind: 'retry'; error: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` package, signed with
 * our VAPID keys. `agent`: an HTTPS agent of one's own (a push service
 * behind a private CA; the tests' local push service).
 */
export function webPushSender(vapid: VapidKeys, timeoutMs: number, agent?: Agent): PushSender {
  return {
    async send(target, payload) {
      const webPush = await loadWebPush();
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: 24 * 3600,
            timeout: timeoutMs,
            ...(agent ? { agent } : {}),
          },
        );
        return { kind: 'sent' };
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        // 404 and 410: the browser dropped the subscription; it is removed.
        if (status === 404 || status === 410) return { kind: 'gone' };
        const message = (error as Error).message;
        if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
          return { kind: 'refused', error: `push ${status} ${message}` };
        }
        return { kind: 'retry', error: message };
      }
    },
  };
}
