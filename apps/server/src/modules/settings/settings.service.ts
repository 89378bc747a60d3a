import type { HouseAccount } from '@app/contracts/admin';
import { findBank } from '@app/contracts/banks';
import {
  AMOUNT_BAHT_MAX,
  DEPOSIT_AMOUNT_SATANG_MIN,
  MANUAL_CREDIT_APPROVAL_ABOVE_SATANG_DEFAULT,
  WITHDRAW_AMOUNT_SATANG_LIMIT,
  WITHDRAW_AMOUNT_SATANG_MIN,
} from '@app/contracts/limits';
import { bahtToSatang } from '@app/contracts/money';
import type { DepositAccount } from '@app/contracts/player';
import { SETTING_CODES } from '@app/contracts/settings';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { type HouseAccountRow, type RewardRow, settingsRepository } from './settings.repository.ts';

/** The money limits operators may change; the spec's values are the defaults. */
export type MoneyLimits = { depositMinSatang: number; withdrawMinSatang: number; withdrawLimitSatang: number };

const LIMIT_CODES = [
  SETTING_CODES.depositMinAmount,
  SETTING_CODES.withdrawMinAmount,
  SETTING_CODES.withdrawMaxAmount,
] as const;

function satangOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(value.trim())) return undefined;
  const satang = bahtToSatang(Number(value));
  return satang !== undefined && satang > 0 ? satang : undefined;
}

/** The amount above which an operator's manual credit waits for a second admin, unless the operator has their own. */
export async function readManualCreditApprovalAbove(db: Queryable): Promise<number> {
  const values = await settingsRepository.values(db, [SETTING_CODES.manualCreditApprovalAbove]);
  return satangOf(values.get(SETTING_CODES.manualCreditApprovalAbove)) ?? MANUAL_CREDIT_APPROVAL_ABOVE_SATANG_DEFAULT;
}

export async function readMoneyLimits(db: Queryable): Promise<MoneyLimits> {
  const values = await settingsRepository.values(db, LIMIT_CODES);
  return {
    depositMinSatang: satangOf(values.get(SETTING_CODES.depositMinAmount)) ?? DEPOSIT_AMOUNT_SATANG_MIN,
    withdrawMinSatang: satangOf(values.get(SETTING_CODES.withdrawMinAmount)) ?? WITHDRAW_AMOUNT_SATANG_MIN,
    withdrawLimitSatang: satangOf(values.get(SETTING_CODES.withdrawMaxAmount)) ?? WITHDRAW_AMOUNT_SATANG_LIMIT,
  };
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
function assertSettingValue(code: string, value: string, current: Map<string, string>): void {
  const amountOk = (satang: number | undefined) => satang !== undefined && satang <= AMOUNT_BAHT_MAX * 100;
  switch (code) {
    case SETTING_CODES.lineOaUrl:
      if (!isHttpsUrl(value)) throw invalidSetting();
      return;
    case SETTING_CODES.bannerUrl:
      if (!isHttpsUrl(value) && !/^\/images\/[A-Za-z0-9/._-]+\.(png|jpe?g|webp)$/.test(value)) throw invalidSetting();
      return;
    case SETTING_CODES.depositMinAmount:
      if (!amountOk(satangOf(value))) throw invalidSetting();
      return;
    case SETTING_CODES.withdrawMinAmount: {
      const min = satangOf(value);
      const limit = satangOf(current.get(SETTING_CODES.withdrawMaxAmount)) ?? WITHDRAW_AMOUNT_SATANG_LIMIT;
      if (!amountOk(min) || (min ?? 0) >= limit) throw invalidSetting();
      return;
    }
    case SETTING_CODES.withdrawDailyMaxAmount:
    case SETTING_CODES.manualCreditApprovalAbove:
      if (!amountOk(satangOf(value))) throw invalidSetting();
      return;
    case SETTING_CODES.withdrawMaxAmount: {
      const limit = satangOf(value);
      const min = satangOf(current.get(SETTING_CODES.withdrawMinAmount)) ?? WITHDRAW_AMOUNT_SATANG_MIN;
      if (!amountOk(limit) || (limit ?? 0) <= min) throw invalidSetting();
      return;
    }
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
    assertSettingValue(code, value, current);
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

export const findHouseAccountByNumber = settingsRepository.findHouseAccountByNumber;
export const listPublicSettings = settingsRepository.listPublic;
export const listActiveRewards = settingsRepository.listRewards;

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
      imageUrl,
      active: input.active ?? before?.active ?? true,
      sortOrder: input.sortOrder ?? before?.sortOrder ?? 0,
    };
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
