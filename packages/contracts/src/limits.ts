/** Business constants and limits of spec §9. Names carry their unit last. */

export const PHONE_DIGITS = 10;
export const BANK_NUMBER_DIGITS = 10;
export const PASSWORD_LENGTH_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it is cheap. */
export const PASSWORD_LENGTH_MAX = 128;
export const FULL_NAME_LENGTH_MAX = 100;
export const REGISTER_AGENT_ID = 1;

export const DEPOSIT_AMOUNT_SATANG_MIN = 100;
export const WITHDRAW_AMOUNT_SATANG_MIN = 10_000;
/** Withdrawals must be below 50,000 baht: this bound is exclusive. */
export const WITHDRAW_AMOUNT_SATANG_LIMIT = 5_000_000;
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

/** Failed logins allowed per phone within the window. */
export const LOGIN_FAILURES_PER_PHONE_MAX = 5;
/**
 * Failed logins allowed per client address within the window. Higher than per
 * phone because Thai mobile carriers put many players behind one address
 * (carrier-grade NAT); it still stops one machine from trying many phones.
 */
export const LOGIN_FAILURES_PER_ADDRESS_MAX = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
