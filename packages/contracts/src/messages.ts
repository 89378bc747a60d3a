import { formatDateTime } from './dates.ts';
import { FALLBACK_LANGUAGE, type Language } from './languages.ts';
import { cn } from './messages/cn.ts';
import { type Catalogue, en, type PlayerMessageKey } from './messages/en.ts';
import { ko } from './messages/ko.ts';
import { ls } from './messages/ls.ts';
import { mm } from './messages/mm.ts';
import { th } from './messages/th.ts';
import { PROTECTION_MESSAGES, type ProtectionMessageKey } from './messages-protection.ts';

export type { Catalogue, PlayerMessageKey };

/**
 * Messages the server sends to players, in the six languages of the app: one
 * module per language (./messages/), so that an app can load only the one it shows.
 */
export const MESSAGES: Record<Language, Catalogue> = { en, th, cn, ls, mm, ko };

/**
 * Messages only operators and machines see (the operator API, the back
 * office, the bank-feed webhook). The back office speaks Thai and English, so
 * these exist in those two; every other language falls back to English.
 */
const operatorEn = {
  webhook_signature_invalid: 'The webhook signature is missing or wrong.',
  webhook_stale: 'The webhook timestamp is missing or more than 5 minutes off.',
  transfer_recorded: 'Transfer recorded.',
  transfer_time_out_of_window: 'transferredAt must lie within the last 30 days and at most 10 minutes ahead of now.',
  json_duplicate_key: 'The JSON body names the same field twice.',
  flag_already_resolved: 'This flag was already resolved by {by} at {at}.',
  totp_required: 'Enter the 6-digit code from your authenticator app.',
  operator_invalid_credentials: 'Username, password or code is incorrect.',
  too_many_operator_attempts: 'Too many failed sign-ins. Try again in {minutes} minutes.',
  enrolment_invalid: 'The enrolment has expired. Please sign in again.',
  already_decided: 'Already decided by {by} at {at}.',
  entry_not_found: 'No such item.',
  reason_required: 'Please give a reason.',
  operator_exists: 'This username is taken.',
  operator_not_found: 'Operator not found.',
  cannot_change_self: 'You cannot change or disable your own account here.',
  cannot_approve_own: 'A second admin must approve this: you asked for it yourself.',
  credit_sent_for_approval: 'This credit is above your limit: it waits for a second admin to approve it.',
  setting_unknown: 'No such setting.',
  setting_invalid: 'This value is not valid for the setting.',
  house_account_exists: 'This house account already exists.',
  blacklist_exists: 'This value is already on the blacklist.',
  payout_not_found: 'No such payout.',
  payout_state: 'This payout cannot be changed now: it is paid, in flight, or its withdrawal was decided again.',
  risk_rules_invalid: 'These rules are not valid.',
  blacklist_value_invalid: 'Enter a phone number (10 digits), a bank account (10 to 15 digits) or a name.',
  deposit_mismatch: 'That deposit does not belong to this player or amount.',
  already_frozen: 'The player is already frozen.',
  not_frozen: 'The player is not frozen.',
  username_invalid: 'Username: 3 to 32 lowercase letters, digits, ".", "_" or "-".',
  role_required: 'This needs the admin role.',
  image_invalid: 'The image must be a JPG or PNG.',
  image_required: 'Please choose an image.',
  image_too_large: 'The image is too large. The limit is {mb} MB.',
  done: 'Done.',
} as const;

export type OperatorMessageKey = keyof typeof operatorEn;

const operatorTh: Record<OperatorMessageKey, string> = {
  webhook_signature_invalid: 'ลายเซ็นของเว็บฮุกไม่ถูกต้องหรือไม่มี',
  webhook_stale: 'เวลาของเว็บฮุกไม่มีหรือคลาดเคลื่อนเกิน 5 นาที',
  transfer_recorded: 'บันทึกรายการโอนแล้ว',
  transfer_time_out_of_window: 'transferredAt ต้องอยู่ภายใน 30 วันที่ผ่านมา และไม่เกิน 10 นาทีข้างหน้า',
  json_duplicate_key: 'เนื้อหา JSON มีชื่อฟิลด์ซ้ำกัน',
  flag_already_resolved: 'รายการแจ้งเตือนนี้ถูกปิดแล้วโดย {by} เมื่อ {at}',
  totp_required: 'กรุณากรอกรหัส 6 หลักจากแอปยืนยันตัวตน',
  operator_invalid_credentials: 'ชื่อผู้ใช้ รหัสผ่าน หรือรหัสยืนยันไม่ถูกต้อง',
  too_many_operator_attempts: 'เข้าสู่ระบบผิดพลาดหลายครั้งเกินไป กรุณาลองใหม่ในอีก {minutes} นาที',
  enrolment_invalid: 'การลงทะเบียนหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  already_decided: 'รายการนี้ถูกดำเนินการแล้วโดย {by} เมื่อ {at}',
  entry_not_found: 'ไม่พบรายการ',
  reason_required: 'กรุณาระบุเหตุผล',
  operator_exists: 'ชื่อผู้ใช้นี้ถูกใช้แล้ว',
  operator_not_found: 'ไม่พบผู้ดูแล',
  cannot_change_self: 'ไม่สามารถแก้ไขหรือปิดบัญชีของตัวเองได้',
  cannot_approve_own: 'ต้องให้ผู้ดูแลระบบอีกคนอนุมัติ เพราะคุณเป็นผู้ขอเอง',
  credit_sent_for_approval: 'ยอดเติมเงินนี้เกินวงเงินของคุณ ต้องรอผู้ดูแลระบบอีกคนอนุมัติ',
  setting_unknown: 'ไม่พบการตั้งค่านี้',
  setting_invalid: 'ค่านี้ไม่ถูกต้องสำหรับการตั้งค่านี้',
  house_account_exists: 'บัญชีรับเงินนี้มีอยู่แล้ว',
  blacklist_exists: 'ค่านี้อยู่ในบัญชีดำแล้ว',
  payout_not_found: 'ไม่พบรายการโอนเงินนี้',
  payout_state: 'ไม่สามารถแก้ไขรายการโอนนี้ได้ในขณะนี้ เพราะโอนแล้ว กำลังโอน หรือรายการถอนถูกพิจารณาใหม่แล้ว',
  risk_rules_invalid: 'กฎเหล่านี้ไม่ถูกต้อง',
  blacklist_value_invalid: 'กรุณากรอกเบอร์โทรศัพท์ (10 หลัก) เลขบัญชี (10 ถึง 15 หลัก) หรือชื่อ',
  deposit_mismatch: 'รายการฝากนั้นไม่ตรงกับผู้เล่นหรือจำนวนเงินนี้',
  already_frozen: 'ผู้เล่นถูกระงับอยู่แล้ว',
  not_frozen: 'ผู้เล่นไม่ได้ถูกระงับ',
  username_invalid: 'ชื่อผู้ใช้ต้องเป็นตัวพิมพ์เล็ก ตัวเลข "." "_" หรือ "-" ยาว 3 ถึง 32 ตัว',
  role_required: 'ต้องมีสิทธิ์ผู้ดูแลระบบ',
  image_invalid: 'รูปภาพต้องเป็น JPG หรือ PNG',
  image_required: 'กรุณาเลือกรูปภาพ',
  image_too_large: 'รูปภาพมีขนาดใหญ่เกินไป ขนาดสูงสุด {mb} MB',
  done: 'เรียบร้อย',
};

export const OPERATOR_MESSAGES = { en: operatorEn, th: operatorTh } as const;

export type MessageKey = PlayerMessageKey | OperatorMessageKey | ProtectionMessageKey;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value) || Object.hasOwn(operatorEn, value) || Object.hasOwn(PROTECTION_MESSAGES.en, value);
}

function isPlayerMessageKey(key: MessageKey): key is PlayerMessageKey {
  return Object.hasOwn(en, key);
}

function isProtectionMessageKey(key: MessageKey): key is ProtectionMessageKey {
  return Object.hasOwn(PROTECTION_MESSAGES.en, key);
}

function template(key: MessageKey, language: Language): string {
  if (isPlayerMessageKey(key)) return MESSAGES[language][key] ?? MESSAGES[FALLBACK_LANGUAGE][key];
  if (isProtectionMessageKey(key)) return PROTECTION_MESSAGES[language][key];
  return (language === 'th' ? operatorTh : operatorEn)[key];
}

/** What a message's `{name}` placeholders take: words, numbers, or a moment (written in the message's language). */
export type MessageParams = Record<string, string | number | Date>;

/**
 * The message in the given language (English when missing), with `{name}`
 * placeholders filled. A moment is written as every screen writes one: Bangkok
 * time in the language's one format (dates.ts), so a message never shows a
 * second date format beside the app's.
 */
export function translate(key: MessageKey, language: Language = FALLBACK_LANGUAGE, params: MessageParams = {}): string {
  return template(key, language).replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return value instanceof Date ? formatDateTime(value, language) : String(value);
  });
}
