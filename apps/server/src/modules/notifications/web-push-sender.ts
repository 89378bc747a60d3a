import type { Agent } from 'node:https';
import { loadWebPush } from '../../lib/lazy-module.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';

/**
 * What became of a push: delivered to the push service, gone (the
 * subscription ended, or its endpoint is on no allowed push service: either
 * way it is deleted), refused, or worth trying again.
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error?: string }
  | { kind: 'refused'; error: string }
  | { kind: 'retry'; error: string };

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type WebPushOptions = {
  timeoutMs: number;
  /** The push services' hosts (push-endpoint.ts); any other endpoint is never connected to. */
  allowedHosts: readonly string[];
  /** An HTTPS agent of one's own (a push service behind a private CA; the tests' local push service). */
  agent?: Agent;
};

/**
 * Web Push (RFC 8030/8291/8292) through the `web-push` package, signed with
 * our VAPID keys. The endpoint is checked against the allowlist again here,
 * at the only place that connects to it, so a subscription stored before the
 * rule (or written around the subscribe route) is never fetched.
 */
export function webPushSender(vapid: VapidKeys, options: WebPushOptions): PushSender {
  const { timeoutMs, agent } = options;
  return {
    async send(target, payload) {
      if (!isAllowedPushEndpoint(target.endpoint, options.allowedHosts)) {
        return { kind: 'gone', error: 'endpoint is on no allowed push service' };
      }
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
