import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@app/contracts/languages';
import { notificationText } from '@app/contracts/notification-texts';
import type { NotificationKind } from '@app/contracts/notifications';
import type { Db } from '../../db/database.ts';
import type { OperatorQueue } from '../../db/schema.ts';
import { repeatEvery, type WorkerLog } from '../../lib/repeat.ts';
import { type LineMessaging, type LinePushOutcome, retryKeyOf } from './line-messaging.ts';
import {
  type ClaimedSend,
  claimDueSends,
  lockAlertMarks,
  markSendFailed,
  markSendSent,
  moveAlertMark,
  newQueueItems,
  queueSend,
  retrySendLater,
} from './outbox.repository.ts';
import { deletePushSubscription, pushKeysOf } from './push-subscriptions.repository.ts';
import type { PushOutcome, PushSender } from './web-push-sender.ts';

/** What the outbox worker sends with: LINE (when set up) and Web Push. */
export type OutboxContext = {
  db: Db;
  line: { api: LineMessaging; channelSecret: string; operatorGroupId: string | undefined } | null;
  push: PushSender;
};

/** Messages sent per tick, at most. */
const OUTBOX_BATCH_MAX = 50;
/** A claimed message not settled by then (its process died) is due again. */
const CLAIM_LEASE_S = 60;
/** After this many tries a message is given up (FAILED, with its last error). */
const OUTBOX_MAX_ATTEMPTS = 8;
/** Queue items younger than this are not alerted yet: a withdrawal the risk rules approve at once never reaches a person. */
export const ALERT_SETTLE_S = 10;

const backoffSeconds = (attempts: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));
const languageOf = (value: unknown): Language =>
  LANGUAGES.includes(value as Language) ? (value as Language) : FALLBACK_LANGUAGE;

/** The words of a message: its own text (replies, alerts) or its notification in the reader's language. */
function messageText(send: Pick<ClaimedSend, 'payload' | 'kind' | 'params'>): string {
  if (typeof send.payload.text === 'string') return send.payload.text;
  return notificationText(languageOf(send.payload.language), send.kind as NotificationKind, send.params ?? {});
}

async function sendOne(ctx: OutboxContext, send: ClaimedSend): Promise<LinePushOutcome | PushOutcome> {
  const text = messageText(send);
  if (send.channel === 'PUSH') {
    const subscription = await pushKeysOf(ctx.db, send.target);
    if (!subscription) return { kind: 'refused', error: 'unsubscribed' };
    const body = JSON.stringify({ title: 'SIAM PLAY', body: text, tag: `n${send.id}`, url: '/' });
    return ctx.push.send(subscription, body);
  }
  if (!ctx.line) return { kind: 'refused', error: 'LINE is not set up' };
  // An answer to a user's own message goes as a reply (its token, free of the quota), never as a push.
  if (typeof send.payload.replyToken === 'string')
    return ctx.line.api.reply(send.payload.replyToken, [{ type: 'text', text }]);
  return ctx.line.api.push(send.target, [{ type: 'text', text }], retryKeyOf(send.id, ctx.line.channelSecret));
}

async function settle(db: Db, send: ClaimedSend, outcome: LinePushOutcome | PushOutcome): Promise<void> {
  if (outcome.kind === 'sent') {
    await markSendSent(db, send.id);
    return;
  }
  if (outcome.kind === 'gone') await deletePushSubscription(db, send.target);
  const error = outcome.kind === 'gone' ? (outcome.error ?? 'subscription gone') : outcome.error;
  const giveUp = outcome.kind !== 'retry' || send.attempts >= OUTBOX_MAX_ATTEMPTS;
  if (giveUp) await markSendFailed(db, send.id, error.slice(0, 500));
  else await retrySendLater(db, send.id, error.slice(0, 500), backoffSeconds(send.attempts));
}

export type OutboxTick = { sent: number; failed: number; retrying: number; alerts: number };

/** Sends what is due: one batch, each message settled as it goes (a crash leaves the rest to the lease). */
export async function sendDueMessages(ctx: OutboxContext, limit = OUTBOX_BATCH_MAX): Promise<OutboxTick> {
  const tick: OutboxTick = { sent: 0, failed: 0, retrying: 0, alerts: 0 };
  for (const send of await claimDueSends(ctx.db, limit, CLAIM_LEASE_S)) {
    const outcome = await sendOne(ctx, send);
    await settle(ctx.db, send, outcome);
    if (outcome.kind === 'sent') tick.sent += 1;
    else if (outcome.kind === 'retry' && send.attempts < OUTBOX_MAX_ATTEMPTS) tick.retrying += 1;
    else tick.failed += 1;
  }
  return tick;
}

const ALERT_WORDS: Record<OperatorQueue, [string, string]> = {
  WITHDRAWALS: ['ถอนรอตรวจ', 'withdrawals to review'],
  SLIPS: ['สลิปรอตรวจ', 'slips to check'],
  HELD: ['ยอดฝากที่พักไว้', 'held deposits'],
  UNMATCHED: ['ยอดโอนที่ไม่พบผู้เล่น', 'unmatched transfers'],
};

/**
 * Tells the operators' LINE group what is new in their queues since the last
 * alert, in one message (Thai, then English). The marks are locked while
 * read, so of several instances one alerts each item once; the message is an
 * outbox row written in the same transaction as the marks' move.
 */
export async function alertOperators(ctx: OutboxContext): Promise<number> {
  const groupId = ctx.line?.operatorGroupId;
  if (!groupId) return 0;
  return ctx.db.transaction().execute(async (trx) => {
    const marks = await lockAlertMarks(trx);
    const parts: string[][] = [];
    for (const mark of marks) {
      const fresh = await newQueueItems(trx, mark.queue, Number(mark.last_id), ALERT_SETTLE_S);
      if (fresh.maxId === Number(mark.last_id)) continue;
      await moveAlertMark(trx, mark.queue, fresh.maxId, fresh.waiting > 0);
      if (fresh.waiting > 0)
        parts.push([
          `${ALERT_WORDS[mark.queue][0]} ${fresh.waiting}`,
          `${fresh.waiting} ${ALERT_WORDS[mark.queue][1]}`,
        ]);
    }
    if (parts.length === 0) return 0;
    const text = `มีรายการใหม่: ${parts.map((p) => p[0]).join(', ')}\nNew in the queues: ${parts.map((p) => p[1]).join(', ')}`;
    await queueSend(trx, { channel: 'LINE_GROUP', target: groupId, payload: { text } });
    return 1;
  });
}

/** One round: the operators' alert, then the due messages. */
export async function outboxTick(ctx: OutboxContext): Promise<OutboxTick> {
  const alerts = await alertOperators(ctx);
  const tick = await sendDueMessages(ctx);
  return { ...tick, alerts };
}

/** Runs the outbox every interval until stopped (the stop waits for the round in progress). */
export function startNotificationOutbox(ctx: OutboxContext, log: WorkerLog, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, () => outboxTick(ctx), {
    done: (tick) => {
      if (tick.sent + tick.failed + tick.retrying + tick.alerts > 0) log.debug(tick, 'notification outbox');
    },
    failed: (error) => log.error({ err: error }, 'notification outbox tick failed'),
  });
}
