import { randomInt } from 'node:crypto';
import type { Language } from '@app/contracts/languages';
import { LINE_REPLIES } from '@app/contracts/notification-texts';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import type { LineConfig } from '../../env.ts';
import { type ThrottleRule, throttle } from '../throttle/throttle.service.ts';
import {
  deleteLinkCodesOf,
  insertLinkCode,
  replaceLineLink,
  unlinkLineUser,
  useLinkCode,
} from './line-links.repository.ts';
import { queueSend } from './outbox.repository.ts';

/** How long a linking code can be sent to the official account. */
const LINE_CODE_TTL_MS = 10 * 60_000;
/** Letters and digits nobody mistakes for each other (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The official account's "add friend" page, from its id (e.g. @siamplay). */
export function addFriendUrl(line: Pick<LineConfig, 'officialAccount'>): string {
  return `https://line.me/R/ti/p/${encodeURIComponent(line.officialAccount)}`;
}

/** A new one-time code for the player (any earlier one stops working). */
export async function createLinkCode(db: Db, playerId: number, language: Language) {
  const expiresAt = new Date(Date.now() + LINE_CODE_TTL_MS);
  return db.transaction().execute(async (trx) => {
    await deleteLinkCodesOf(trx, playerId);
    for (;;) {
      const code = await insertLinkCode(trx, { code: newCode(), playerId, language, expiresAt });
      if (code !== undefined) return { code, expiresAt };
    }
  });
}

/**
 * Codes a LINE user may send per window, and the window. Enough for a typo or
 * two; useless for guessing one of 31^6 codes. Beyond it the messages of the
 * window are neither tried (a right code neither) nor answered, but for one
 * reply that says to wait: the texts (LINE_REPLIES.tooManyCodes) say 15 minutes.
 */
export const LINE_CODE_ATTEMPTS_MAX = 5;
export const LINE_CODE_WINDOW_MS = 15 * 60_000;

/**
 * The answer to a user's own message (linked, how to link, wait), through the
 * outbox as a LINE reply with the message's reply token: replies do not count
 * against the account's message quota, so an answer costs nothing. Without a
 * token nothing is answered: an answer is never a billable push.
 */
async function queueLineReply(db: Queryable, to: string, replyToken: string | undefined, text: string) {
  if (!replyToken) return;
  await queueSend(db, { channel: 'LINE', target: to, payload: { text, replyToken } });
}

/** The webhook's events that matter here (https://developers.line.biz/en/reference/messaging-api/#webhook-event-objects). */
export type LineEvent = {
  type: string;
  replyToken?: string | undefined;
  source?: { type: string; userId?: string | undefined } | undefined;
  message?: { type: string; text?: string | undefined } | undefined;
};

export type LineEventOutcome = 'linked' | 'unknown_code' | 'throttled' | 'unfollowed' | 'ignored';

const bilingual = (key: 'unknownCode' | 'tooManyCodes') => `${LINE_REPLIES.th[key]}\n${LINE_REPLIES.en[key]}`;

/**
 * A text from a LINE user, as a linking code: a live code links that LINE
 * user to the code's player (a LINE user follows one player, a player one
 * LINE user; the code is used up) and thanks them in the code's language;
 * any other text is answered with how to link.
 */
async function linkByCode(trx: Trx, userId: string, code: string, replyToken: string | undefined) {
  const used = await useLinkCode(trx, code);
  if (!used) {
    await queueLineReply(trx, userId, replyToken, bilingual('unknownCode'));
    return 'unknown_code' as const;
  }
  await replaceLineLink(trx, { playerId: used.player_id, lineUserId: userId, language: used.language });
  await queueLineReply(trx, userId, replyToken, LINE_REPLIES[used.language as Language].linked);
  return 'linked' as const;
}

/**
 * One webhook event. A text message is a code attempt, counted per LINE user
 * (LINE_CODE_ATTEMPTS_MAX per LINE_CODE_WINDOW_MS) before it is tried, so one
 * signed webhook of 100 guesses tries 5. Unfollowing (the user blocked the
 * account) unlinks: nothing more is sent to them.
 */
export async function handleLineEvent(db: Db, event: LineEvent): Promise<LineEventOutcome> {
  const userId = event.source?.type === 'user' ? event.source.userId : undefined;
  if (!userId) return 'ignored';
  if (event.type === 'unfollow') {
    await unlinkLineUser(db, userId);
    return 'unfollowed';
  }
  if (event.type !== 'message' || event.message?.type !== 'text') return 'ignored';
  const attempts: ThrottleRule = {
    scope: 'line_code',
    subject: userId,
    max: LINE_CODE_ATTEMPTS_MAX,
    windowMs: LINE_CODE_WINDOW_MS,
  };
  if (!(await throttle.allow(db, [attempts]))) {
    if (await throttle.allow(db, [{ ...attempts, scope: 'line_code_wait', max: 1 }])) {
      await queueLineReply(db, userId, event.replyToken, bilingual('tooManyCodes'));
    }
    return 'throttled';
  }
  const code = (event.message.text ?? '').trim().toUpperCase().replace(/\s+/g, '');
  return db.transaction().execute((trx) => linkByCode(trx, userId, code, event.replyToken));
}
