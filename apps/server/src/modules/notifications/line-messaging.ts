import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The LINE Messaging API as our server uses it (https://developers.line.biz/en/reference/messaging-api/):
 * push messages to a user or group id with the channel's access token,
 * replies with the reply token of a user's message, and webhooks from LINE
 * signed with the channel secret. LINE Notify is discontinued; the Messaging
 * API is what an official account uses. Pushes count against the account's
 * monthly message quota (billed beyond it); replies do not.
 */
export const LINE_PUSH_PATH = '/v2/bot/message/push';
export const LINE_REPLY_PATH = '/v2/bot/message/reply';
export const LINE_SIGNATURE_HEADER = 'x-line-signature';
export const LINE_RETRY_KEY_HEADER = 'x-line-retry-key';
/** LINE's limit on one text message. */
export const LINE_TEXT_MAX = 5000;

export type LineTextMessage = { type: 'text'; text: string };

/** What became of a push: sent (or already sent under this retry key), refused for good, or worth trying again. */
export type LinePushOutcome = { kind: 'sent' } | { kind: 'refused'; error: string } | { kind: 'retry'; error: string };

export interface LineMessaging {
  /** Pushes messages to a user or group. `retryKey` (a UUID) makes a repeat of the same push a no-op at LINE. */
  push(to: string, messages: LineTextMessage[], retryKey: string): Promise<LinePushOutcome>;
  /** Answers a user's message with its reply token (usable once, for a short while; free of the message quota). */
  reply(replyToken: string, messages: LineTextMessage[]): Promise<LinePushOutcome>;
}

export type LineMessagingOptions = { apiUrl: string; accessToken: string; timeoutMs: number };

/** One call to the Messaging API: sent, refused for good (a 4xx that is the request's own fault), or worth trying again. */
async function callLine(
  options: LineMessagingOptions,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LinePushOutcome> {
  let response: Response;
  try {
    response = await fetch(`${options.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { kind: 'retry', error: (error as Error).message };
  }
  const text = await response.text().catch(() => '');
  // 409 with a retry key: LINE already accepted this very push.
  if (response.ok || response.status === 409) return { kind: 'sent' };
  const error = `LINE ${response.status} ${text.slice(0, 200)}`;
  // 429 (rate or monthly quota) and 5xx pass; any other 4xx is the request's own fault and will not.
  return response.status === 429 || response.status >= 500 ? { kind: 'retry', error } : { kind: 'refused', error };
}

/** The Messaging API over HTTPS (or the demo's fake), with a hard timeout on every call. */
export function lineMessagingApi(options: LineMessagingOptions): LineMessaging {
  return {
    push: (to, messages, retryKey) =>
      callLine(options, LINE_PUSH_PATH, { to, messages }, { [LINE_RETRY_KEY_HEADER]: retryKey }),
    // A used or expired reply token answers 400: refused, never turned into a push.
    reply: (replyToken, messages) => callLine(options, LINE_REPLY_PATH, { replyToken, messages }),
  };
}

/** A retry key derived from our outbox row, so a repeat after a crash is the same push to LINE. */
export function retryKeyOf(sendId: number, secret: string): string {
  const hex = createHmac('sha256', secret).update(`line-send:${sendId}`).digest('hex');
  // Shaped as a version-4 UUID, which LINE requires of retry keys.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** LINE's webhook signature: base64 of HMAC-SHA256 over the raw body with the channel secret. */
export function lineSignature(channelSecret: string, body: string): string {
  return createHmac('sha256', channelSecret).update(body).digest('base64');
}

/** Whether a webhook body carries a valid signature (compared in constant time). */
export function checkLineSignature(channelSecret: string, body: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(lineSignature(channelSecret, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
