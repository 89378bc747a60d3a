/** Business constants and limits of spec §9. Names carry their unit last. */

export const PHONE_DIGITS = 10;
export const BANK_NUMBER_DIGITS = 10;
/** Account numbers of GSB, GHB and BAAC have 12 digits (banks.ts, accountDigits). */
export const BANK_NUMBER_DIGITS_LONG = 12;
export const PASSWORD_LENGTH_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const PASSWORD_LENGTH_MAX = 128;
export const FULL_NAME_LENGTH_MAX = 100;
export const REGISTER_AGENT_ID = 1;
/** Agent ids are 32-bit integers in the database. */
export const AGENT_ID_MAX = 2_147_483_647;

export const DEPOSIT_AMOUNT_SATANG_MIN = 100;
/** The largest amount any request may carry (10 million baht): every amount has an upper bound. */
export const AMOUNT_BAHT_MAX = 10_000_000;
/** That bound as the messages write it ("10,000,000"), the same digits in every language. */
export const AMOUNT_BAHT_MAX_TEXT = String(AMOUNT_BAHT_MAX).replace(/\B(?=(\d{3})+$)/g, ',');
/** The largest deposit a slip or the bank feed may carry. */
export const DEPOSIT_AMOUNT_SATANG_MAX = 200_000_000;
/** A slip image is at most this large. */
export const SLIP_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** A reward image an admin uploads is at most this large (a picture in a grid, not a photo archive). */
export const REWARD_IMAGE_BYTES_MAX = 2 * 1024 * 1024;
/**
 * Slip uploads a player may make per window, successful or not: reading a
 * slip costs the server a decode, so one player cannot keep it busy.
 */
export const SLIP_UPLOADS_PER_PLAYER_MAX = 10;
export const SLIP_UPLOAD_WINDOW_MS = 15 * 60 * 1000;
/**
 * Slip deposits one player may have waiting for a decision at a time: enough
 * for a player who deposits several times while operators are busy, few
 * enough that nobody can fill the operators' queue.
 */
export const DEPOSIT_SLIPS_WAITING_MAX = 3;
/**
 * A slip and a bank transfer of the same amount from the player's account are
 * taken as the same deposit when their times lie within this window.
 */
export const DEPOSIT_MATCH_WINDOW_MS = 60 * 60 * 1000;
/**
 * A bank-feed transfer's own time (transferredAt) drives slip matching, so it
 * must be plausible: at most this far in the future (clocks that differ a
 * little) and at most this far in the past (a connector catching up after an
 * outage of a long weekend). Older transfers are entered by an operator.
 */
export const FEED_TRANSFER_FUTURE_MAX_MS = 10 * 60 * 1000;
export const FEED_TRANSFER_AGE_MAX_MS = 30 * 24 * 3600 * 1000;
/** Bank-feed deliveries whose timestamp is further off than this are refused. */
export const WEBHOOK_TIMESTAMP_TOLERANCE_S = 5 * 60;
export const WITHDRAW_AMOUNT_SATANG_MIN = 10_000;
/** Withdrawals must be below 50,000 baht: this bound is exclusive. */
export const WITHDRAW_AMOUNT_SATANG_LIMIT = 5_000_000;
/**
 * What one player may withdraw in a Bangkok day, waiting and approved
 * withdrawals together (the setting WITHDRAW_DAILY_MAX_AMOUNT; this is its
 * default): four withdrawals just under the 50,000-baht limit.
 */
export const WITHDRAW_DAILY_SATANG_DEFAULT = 20_000_000;
/**
 * A manual credit above this (in satang) waits for a second admin, unless the
 * operator has a limit of their own (the setting MANUAL_CREDIT_APPROVAL_ABOVE;
 * this is its default): a day's ordinary corrections pass, a large one is seen
 * by two people.
 */
export const MANUAL_CREDIT_APPROVAL_ABOVE_SATANG_DEFAULT = 2_000_000;
export const WITHDRAW_QUICK_AMOUNTS_BAHT = [100, 300, 500, 1000, 5000, 10000] as const;
export const WITHDRAW_PROCESSING_MINUTES = 15;

export const HISTORY_MODAL_PAGE_SIZE = 5;
export const TRANSACTIONS_PAGE_SIZE = 100;
export const HISTORY_PAGE_LIMIT_MAX = 100;
export const HISTORY_PAGE_LIMIT_DEFAULT = 100;
export const HISTORY_PAGER_BUTTONS = 3;

export const LOGIN_SUCCESS_CLOSE_MS = 1000;
export const LOGIN_SUCCESS_NAVIGATE_MS = 500;
export const AUTO_LOGIN_FAILED_REDIRECT_MS = 2000;
export const REFRESH_SPIN_MIN_MS = 100;
export const BANNER_AUTOPLAY_MS = 3000;
export const BALANCE_REFRESH_MS = 5000;
export const TRANSFER_IN_WAIT_MS = 3000;
/**
 * A failed transfer-in stays 'Transferring...' (spec §4) for this long, then the
 * button comes back with the failure, so a player is never stuck.
 */
export const TRANSFER_IN_STUCK_MS = 15_000;

/** Failed logins allowed per phone within the window. */
export const LOGIN_FAILURES_PER_PHONE_MAX = 5;
/**
 * Failed logins allowed per client address within the window. Higher than per
 * phone because Thai mobile carriers put many players behind one address
 * (carrier-grade NAT); it still stops one machine from trying many phones.
 */
export const LOGIN_FAILURES_PER_ADDRESS_MAX = 20;
/** Failed operator sign-ins (or enrolment codes) per operator within the window. */
export const OPERATOR_FAILURES_PER_USERNAME_MAX = 5;
/**
 * Failed operator sign-ins per client address within the window: high, since
 * a whole office signs in from one address (and every client shares one
 * behind a proxy without TRUST_PROXY); the per-username limit is the guard.
 */
export const OPERATOR_FAILURES_PER_ADDRESS_MAX = 100;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Wrong guesses of the current password on change-password, per player within the login window. */
export const OLD_PASSWORD_FAILURES_MAX = 5;
/** Active sessions a player may hold; a new login revokes the oldest beyond this. */
export const SESSIONS_PER_PLAYER_MAX = 10;
/** Registrations per client address per hour unless REGISTER_LIMIT_PER_ADDRESS_PER_HOUR says otherwise. */
export const REGISTER_LIMIT_PER_ADDRESS_PER_HOUR_DEFAULT = 10;
export const REGISTER_WINDOW_MS = 3600 * 1000;
