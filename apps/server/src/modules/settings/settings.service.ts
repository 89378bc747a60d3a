import type { HouseAccount } from '@app/contracts/admin';
import { findBank } from '@app/contracts/banks';
import type { Language } from '@app/contracts/languages';
import { AMOUNT_BAHT_MAX, MANUAL_CREDIT_APPROVAL_ABOVE_SATANG_DEFAULT } from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import type { DepositAccount } from '@app/contracts/player';
import {
  DEFAULT_PLAYER_LIMITS,
  type PlayerLimits,
  rewardNameIn,
  SETTING_CODES,
  wholeNumberSetting,
} from '@app/contracts/settings';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { type HouseAccountRow, type RewardRow, settingsRepository } from './settings.repository.ts';

const LIMIT_CODES = [
  SETTING_CODES.depositMinAmount,
  SETTING_CODES.withdrawMinAmount,
  SETTING_CODES.withdrawMaxAmount,
] as const;

/** Baht with up to 2 decimals, 0 included, up to 1,000,000, as satang; or undefined. */
export function bahtSettingSatang(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^([0-9]{1,7})(?:\.([0-9]{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const satang = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return satang <= 100_000_000 ? satang : undefined;
}

/** A satang amount the database answered as text (bigint), or undefined for null. */
function satangText(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined) return undefined;
  const satang = Number(text);
  assert(Number.isSafeInteger(satang), `satang ${text} is outside the safe integer range`);
  return satang;
}

/**
 * Texts read as money settings by the database's one reading of them
 * (money_setting_satang, settings/sql/setting_satang.sql): satang, or
 * undefined where a text is not a positive amount with up to 2 decimals.
 */
async function satangOf(db: Queryable, values: readonly (string | undefined)[]): Promise<(number | undefined)[]> {
  const texts = await settingsRepository.moneySettingSatangTexts(db, values);
  return texts.map((text) => satangText(text));
}

/** Settings in satang, each with its default when unset or unreadable (setting_satang, as the SQL money rules read them). */
async function settingsSatang<K extends string>(
  db: Queryable,
  settings: Record<K, { code: string; default: number }>,
): Promise<Record<K, number>> {
  const names = Object.keys(settings) as K[];
  const texts = await settingsRepository.settingSatangTexts(
    db,
    names.map((name) => ({ code: settings[name].code, fallback: settings[name].default })),
  );
  return Object.fromEntries(
    names.map((name, index) => {
      const satang = satangText(texts[index]);
      assert(satang !== undefined, 'setting_satang answers every setting asked');
      return [name, satang];
    }),
  ) as Record<K, number>;
}

/**
 * The setting above which an operator's manual credit waits for a second
 * admin, unless the operator has their own limit; read in SQL by
 * manual_credit_needs_approval (wallet/sql).
 */
export const MANUAL_CREDIT_APPROVAL_SETTING = {
  code: SETTING_CODES.manualCreditApprovalAbove,
  defaultSatang: MANUAL_CREDIT_APPROVAL_ABOVE_SATANG_DEFAULT,
} as const;

/** The money limits in force: the operators' settings, or the spec's values where unset (GET /setting answers them). */
export async function readMoneyLimits(db: Queryable): Promise<PlayerLimits> {
  return settingsSatang(db, {
    depositMinSatang: { code: SETTING_CODES.depositMinAmount, default: DEFAULT_PLAYER_LIMITS.depositMinSatang },
    withdrawMinSatang: { code: SETTING_CODES.withdrawMinAmount, default: DEFAULT_PLAYER_LIMITS.withdrawMinSatang },
    withdrawLimitSatang: { code: SETTING_CODES.withdrawMaxAmount, default: DEFAULT_PLAYER_LIMITS.withdrawLimitSatang },
    withdrawDailyLimitSatang: {
      code: SETTING_CODES.withdrawDailyMaxAmount,
      default: DEFAULT_PLAYER_LIMITS.withdrawDailyLimitSatang,
    },
  });
}

const invalidSetting = () => new AppError(400, 'SETTING_INVALID', 'setting_invalid');

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The rule each editable setting's value must meet, given the other current values. */
async function assertSettingValue(db: Queryable, code: string, value: string, current: Map<string, string>) {
  const amountOk = (satang: number | undefined) => satang !== undefined && satang <= AMOUNT_BAHT_MAX * 100;
  switch (code) {
    case SETTING_CODES.lineOaUrl:
      if (!isHttpsUrl(value)) throw invalidSetting();
      return;
    case SETTING_CODES.bannerUrl:
      if (!isHttpsUrl(value) && !/^\/images\/[A-Za-z0-9/._-]+\.(png|jpe?g|webp)$/.test(value)) throw invalidSetting();
      return;
    case SETTING_CODES.depositMinAmount:
    case SETTING_CODES.withdrawDailyMaxAmount:
    case SETTING_CODES.manualCreditApprovalAbove: {
      const [satang] = await satangOf(db, [value]);
      if (!amountOk(satang)) throw invalidSetting();
      return;
    }
    case SETTING_CODES.withdrawMinAmount: {
      const [min, limit] = await satangOf(db, [value, current.get(SETTING_CODES.withdrawMaxAmount)]);
      if (!amountOk(min) || (min ?? 0) >= (limit ?? DEFAULT_PLAYER_LIMITS.withdrawLimitSatang)) throw invalidSetting();
      return;
    }
    case SETTING_CODES.withdrawMaxAmount: {
      const [limit, min] = await satangOf(db, [value, current.get(SETTING_CODES.withdrawMinAmount)]);
      if (!amountOk(limit) || (limit ?? 0) <= (min ?? DEFAULT_PLAYER_LIMITS.withdrawMinSatang)) throw invalidSetting();
      return;
    }
    case SETTING_CODES.pointsDepositBahtPerPoint:
    case SETTING_CODES.pointsTurnoverBahtPerPoint:
    case SETTING_CODES.pointsExpiryDays:
      if (wholeNumberSetting(value) === undefined) throw invalidSetting();
      return;
    case SETTING_CODES.promotionBalanceFloor:
      if (bahtSettingSatang(value) === undefined) throw invalidSetting();
      return;
    default:
      throw new AppError(404, 'SETTING_UNKNOWN', 'setting_unknown');
  }
}

export async function listAllSettings(db: Queryable) {
  const rows = await settingsRepository.listAll(db);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** Changes one setting after checking its value, with an audit row. Only known settings can be changed. */
export async function updateSetting(db: Db, actor: Actor, code: string, value: string) {
  await db.transaction().execute(async (trx) => {
    // The limits are checked against each other, so the change locks all of
    // them: a higher minimum and a lower maximum sent at once wait for each
    // other instead of both passing against the old values (minimum ≥ maximum).
    const current = await settingsRepository.lockValues(trx, [code, ...LIMIT_CODES]);
    const before = current.get(code);
    if (before === undefined) throw new AppError(404, 'SETTING_UNKNOWN', 'setting_unknown');
    await assertSettingValue(trx, code, value, current);
    await settingsRepository.updateSetting(trx, code, value);
    await appendAudit(trx, actor, {
      action: 'setting.update',
      targetType: 'setting',
      targetId: code,
      before: { value: before },
      after: { value },
    });
  });
  return listAllSettings(db);
}

/** The house accounts players deposit to (spec §3 `user.accounts`), with a PromptPay ID where there is one. */
export async function depositAccounts(db: Queryable): Promise<DepositAccount[]> {
  const rows = await settingsRepository.listHouseAccounts(db, { activeOnly: true });
  return rows.map((row) => ({
    bankCode: row.bankCode,
    bankName: row.bankName,
    bankNumber: row.bankNumber,
    fullName: row.fullName,
    ...(row.promptpayId ? { promptpayId: row.promptpayId } : {}),
  }));
}

export const listPublicSettings = settingsRepository.listPublic;
/**
 * The rewards players see (spec §2's id, name and image, and what each costs
 * and gives, in baht), each named in the reader's language (rewardNameIn).
 */
export async function listActiveRewards(db: Queryable, language: Language) {
  const rows = await settingsRepository.listRewards(db);
  return rows.map((row) => ({
    id: row.id,
    name: rewardNameIn(row, language),
    imageUrl: row.imageUrl,
    kind: row.kind,
    pricePoints: row.pricePoints,
    creditAmount: row.creditSatang === null ? null : satangToBaht(row.creditSatang),
    turnoverMultiplier: row.turnoverMultiplier,
    stock: row.stock,
    dailyLimit: row.dailyLimit,
  }));
}

export function listHouseAccounts(db: Queryable): Promise<HouseAccount[]> {
  return settingsRepository.listHouseAccounts(db, { activeOnly: false });
}

type HouseAccountInput = {
  bankCode?: string;
  bankNumber?: string;
  fullName?: string;
  promptpayId?: string | null;
  active?: boolean;
  sortOrder?: number;
};

function mergeHouseAccount(current: Omit<HouseAccountRow, 'id'> | undefined, input: HouseAccountInput) {
  const bank = findBank(input.bankCode ?? current?.bankCode ?? '');
  const bankNumber = input.bankNumber ?? current?.bankNumber;
  const fullName = input.fullName ?? current?.fullName;
  if (!bank || !bankNumber || !fullName) throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
  return {
    bankCode: bank.code,
    bankName: bank.name,
    bankNumber,
    fullName,
    promptpayId: input.promptpayId === undefined ? (current?.promptpayId ?? null) : input.promptpayId,
    active: input.active ?? current?.active ?? true,
    sortOrder: input.sortOrder ?? current?.sortOrder ?? 0,
  };
}

/** Creates (id undefined) or changes a house bank account, with an audit row. */
export async function saveHouseAccount(db: Db, actor: Actor, id: number | undefined, input: HouseAccountInput) {
  try {
    return await db.transaction().execute(async (trx) => {
      const before = id === undefined ? undefined : await settingsRepository.findHouseAccount(trx, id);
      if (id !== undefined && !before) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
      const merged = mergeHouseAccount(before, input);
      const savedId = id ?? (await settingsRepository.insertHouseAccount(trx, merged));
      if (id !== undefined) await settingsRepository.updateHouseAccount(trx, id, merged);
      const after = { id: savedId, ...merged };
      await appendAudit(trx, actor, {
        action: id === undefined ? 'house_account.create' : 'house_account.update',
        targetType: 'house_account',
        targetId: savedId,
        before: before ?? null,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'house_bank_accounts_number_key')) {
      throw new AppError(409, 'HOUSE_ACCOUNT_EXISTS', 'house_account_exists');
    }
    throw error;
  }
}

export const listAllRewards = settingsRepository.listAllRewards;

type RewardInput = Partial<Omit<RewardRow, 'id'>>;

/** Creates (id undefined) or changes a reward, with an audit row. */
export async function saveReward(db: Db, actor: Actor, id: number | undefined, input: RewardInput) {
  return db.transaction().execute(async (trx) => {
    const before = id === undefined ? undefined : await settingsRepository.findReward(trx, id);
    if (id !== undefined && !before) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
    const name = input.name ?? before?.name;
    const imageUrl = input.imageUrl ?? before?.imageUrl;
    if (!name || !imageUrl) throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
    const merged = {
      name,
      names: input.names ?? before?.names ?? {},
      imageUrl,
      active: input.active ?? before?.active ?? true,
      sortOrder: input.sortOrder ?? before?.sortOrder ?? 0,
      kind: input.kind ?? before?.kind ?? 'item',
      pricePoints: input.pricePoints ?? before?.pricePoints ?? 0,
      creditSatang: input.creditSatang === undefined ? (before?.creditSatang ?? null) : input.creditSatang,
      turnoverMultiplier: input.turnoverMultiplier ?? before?.turnoverMultiplier ?? 0,
      promotionId: input.promotionId === undefined ? (before?.promotionId ?? null) : input.promotionId,
      stock: input.stock === undefined ? (before?.stock ?? null) : input.stock,
      dailyLimit: input.dailyLimit === undefined ? (before?.dailyLimit ?? null) : input.dailyLimit,
    };
    // A credit reward names its amount, a bonus reward its promotion (the table's checks say the same).
    if (merged.kind === 'credit' && merged.creditSatang === null) {
      throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
    }
    if (
      merged.kind === 'bonus' &&
      (merged.promotionId === null || !(await settingsRepository.promotionExists(trx, merged.promotionId)))
    ) {
      throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
    }
    const savedId = id ?? (await settingsRepository.insertReward(trx, merged));
    if (id !== undefined) await settingsRepository.updateReward(trx, id, merged);
    const after = { id: savedId, ...merged };
    await appendAudit(trx, actor, {
      action: id === undefined ? 'reward.create' : 'reward.update',
      targetType: 'reward',
      targetId: savedId,
      before: before ?? null,
      after,
    });
    return after;
  });
}
