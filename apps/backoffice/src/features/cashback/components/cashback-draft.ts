import {
  type AdminCashbackSchedule,
  CASHBACK_LIMITS,
  type CashbackScheduleRequest,
  cashbackScheduleRequestSchema,
} from '@app/contracts/cashback';
import { LANGUAGES, type Language } from '@app/contracts/languages';
import { bahtToSatang } from '@app/contracts/money';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/format';

/** The form's fields as typed: the rate in percent, amounts in baht. */
export type CashbackDraft = {
  names: Record<Language, string>;
  period: CashbackScheduleRequest['period'];
  base: CashbackScheduleRequest['base'];
  ratePercent: string;
  min: string;
  max: string;
  turnoverMultiplier: string;
  maxWithdraw: string;
  status: CashbackScheduleRequest['status'];
};

const bahtText = (satang: number | null) => (satang === null ? '' : String(satang / 100));

export function draftOf(schedule: AdminCashbackSchedule | null): CashbackDraft {
  const names = Object.fromEntries(
    LANGUAGES.map((language) => [language, schedule?.names[language] ?? '']),
  ) as CashbackDraft['names'];
  return {
    names,
    period: schedule?.period ?? 'DAY',
    base: schedule?.base ?? 'NET_LOSS',
    ratePercent: String((schedule?.rateBp ?? 500) / 100),
    min: bahtText(schedule?.minSatang ?? 1_000),
    max: bahtText(schedule?.maxSatang ?? null),
    turnoverMultiplier: String(schedule?.turnoverMultiplier ?? 1),
    maxWithdraw: bahtText(schedule?.maxWithdrawSatang ?? null),
    status: schedule?.status ?? 'ACTIVE',
  };
}

/** Baht as typed (at most 2 decimals) to satang; '' is null; anything else NaN, which the schema refuses. */
function satangOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return bahtToSatang(Number(trimmed)) ?? Number.NaN;
}

/** A percent with at most 2 decimals to basis points (5 → 500, 0.5 → 50); anything else NaN. */
function basisPointsOf(text: string): number {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

const wholeOf = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request the draft stands for, or the names of the fields the schema refuses. */
export function requestOf(
  draft: CashbackDraft,
): { ok: true; value: CashbackScheduleRequest } | { ok: false; fields: string[] } {
  const names = Object.fromEntries(
    LANGUAGES.filter((language) => draft.names[language].trim() !== '').map((language) => [
      language,
      draft.names[language].trim(),
    ]),
  );
  const parsed = cashbackScheduleRequestSchema.safeParse({
    names,
    period: draft.period,
    base: draft.base,
    rateBp: basisPointsOf(draft.ratePercent),
    minSatang: satangOf(draft.min) ?? 0,
    maxSatang: satangOf(draft.max),
    turnoverMultiplier: wholeOf(draft.turnoverMultiplier),
    maxWithdrawSatang: satangOf(draft.maxWithdraw),
    status: draft.status,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'names')))] };
}

/** What a refused field allows, as its error says it: the schema's own bounds (CASHBACK_LIMITS). */
export function fieldRule(t: TFunction, key: string): string {
  const max = formatMoney(CASHBACK_LIMITS.amountSatangMax / 100);
  if (key === 'rateBp') return t('cashback.rateRule');
  if (key === 'turnoverMultiplier') {
    return t('loyalty.wholeRange', { min: 0, max: CASHBACK_LIMITS.turnoverMultiplierMax });
  }
  if (key === 'minSatang') return t('loyalty.amountFromZero', { max });
  if (key === 'maxSatang' || key === 'maxWithdrawSatang') return t('loyalty.amountAboveZero', { max });
  if (key === 'names') return t('cashback.nameRule');
  return t('loyalty.invalid');
}

/** The request to save a schedule with only its status changed (pause, resume). */
export function withStatus(
  schedule: AdminCashbackSchedule,
  status: CashbackScheduleRequest['status'],
): CashbackScheduleRequest {
  const result = requestOf({ ...draftOf(schedule), status });
  if (!result.ok) throw new Error(`schedule ${schedule.id} cannot be saved as it is: ${result.fields.join(', ')}`);
  return result.value;
}
