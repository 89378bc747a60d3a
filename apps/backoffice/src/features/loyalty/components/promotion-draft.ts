import { LANGUAGES, type Language } from '@app/contracts/languages';
import {
  type AdminPromotion,
  PROMOTION_LIMITS,
  type PromotionRequest,
  promotionRequestSchema,
} from '@app/contracts/loyalty';
import { bahtToSatang, satangToBaht } from '@app/contracts/money';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/format';

/** The form's fields as typed: amounts in baht, times as the datetime-local control gives them. */
export type Draft = {
  kind: PromotionRequest['kind'];
  percent: string;
  fixed: string;
  cap: string;
  minDeposit: string;
  turnoverMultiplier: string;
  turnoverBase: PromotionRequest['turnoverBase'];
  contributionWc: string;
  contributionUfa: string;
  maxWithdraw: string;
  forfeitWinnings: boolean;
  startsAt: string;
  endsAt: string;
  claimLimit: PromotionRequest['claimLimit'];
  imageUrl: string;
  status: PromotionRequest['status'];
  sortOrder: string;
  texts: Record<Language, { title: string; terms: string }>;
};

const bahtText = (satang: number | null) => (satang === null ? '' : String(satang / 100));
/** A moment as the datetime-local control shows it, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function draftOf(promotion: AdminPromotion | null): Draft {
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, promotion?.texts[language] ?? { title: '', terms: '' }]),
  ) as Draft['texts'];
  return {
    kind: promotion?.kind ?? 'FIRST_DEPOSIT',
    percent: String(promotion?.percent ?? 100),
    fixed: bahtText(promotion?.fixedSatang ?? null),
    cap: bahtText(promotion?.capSatang ?? null),
    minDeposit: bahtText(promotion?.minDepositSatang ?? 10_000),
    turnoverMultiplier: String(promotion?.turnoverMultiplier ?? 3),
    turnoverBase: promotion?.turnoverBase ?? 'DEPOSIT_AND_BONUS',
    contributionWc: String(promotion?.contributionWc ?? 100),
    contributionUfa: String(promotion?.contributionUfa ?? 100),
    maxWithdraw: bahtText(promotion?.maxWithdrawSatang ?? null),
    forfeitWinnings: promotion?.forfeitWinnings ?? false,
    startsAt: localInput(promotion?.startsAt ?? null),
    endsAt: localInput(promotion?.endsAt ?? null),
    claimLimit: promotion?.claimLimit ?? 'ONCE',
    imageUrl: promotion?.imageUrl ?? '',
    status: promotion?.status ?? 'ACTIVE',
    sortOrder: String(promotion?.sortOrder ?? 0),
    texts,
  };
}

/** Baht as typed (at most 2 decimals) to satang; '' is null; anything else NaN, which the schema refuses. */
function satangOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return bahtToSatang(Number(trimmed)) ?? Number.NaN;
}

const wholeOf = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The request the draft stands for, or the names of the fields the schema refuses. */
export function requestOf(draft: Draft): { ok: true; value: PromotionRequest } | { ok: false; fields: string[] } {
  const texts = Object.fromEntries(
    LANGUAGES.filter((language) => draft.texts[language].title.trim() !== '').map((language) => [
      language,
      draft.texts[language],
    ]),
  );
  const parsed = promotionRequestSchema.safeParse({
    kind: draft.kind,
    percent: draft.kind === 'FIXED' ? 0 : wholeOf(draft.percent),
    fixedSatang: draft.kind === 'FIXED' ? satangOf(draft.fixed) : null,
    capSatang: draft.kind === 'FIXED' ? null : satangOf(draft.cap),
    minDepositSatang: satangOf(draft.minDeposit) ?? 0,
    turnoverMultiplier: wholeOf(draft.turnoverMultiplier),
    turnoverBase: draft.turnoverBase,
    contributionWc: wholeOf(draft.contributionWc),
    contributionUfa: wholeOf(draft.contributionUfa),
    maxWithdrawSatang: satangOf(draft.maxWithdraw),
    forfeitWinnings: draft.forfeitWinnings,
    startsAt: draft.startsAt ? new Date(draft.startsAt).toISOString() : null,
    endsAt: draft.endsAt ? new Date(draft.endsAt).toISOString() : null,
    claimLimit: draft.claimLimit,
    texts,
    imageUrl: draft.imageUrl.trim() || null,
    status: draft.status,
    sortOrder: wholeOf(draft.sortOrder),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, fields: [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'texts')))] };
}

const wholeNumberFields: Record<string, number> = {
  percent: PROMOTION_LIMITS.percentMax,
  turnoverMultiplier: PROMOTION_LIMITS.turnoverMultiplierMax,
  contributionWc: PROMOTION_LIMITS.contributionMax,
  contributionUfa: PROMOTION_LIMITS.contributionMax,
  sortOrder: PROMOTION_LIMITS.sortOrderMax,
};

/** What a refused field allows, as its error says it: the schema's own bounds (PROMOTION_LIMITS). */
export function fieldRule(t: TFunction, key: string): string {
  const whole = wholeNumberFields[key];
  if (whole !== undefined) return t('loyalty.wholeRange', { min: 0, max: whole.toLocaleString('en-US') });
  const max = formatMoney(PROMOTION_LIMITS.amountSatangMax / 100);
  if (key === 'minDepositSatang') return t('loyalty.amountFromZero', { max });
  if (key === 'fixedSatang' || key === 'capSatang' || key === 'maxWithdrawSatang') {
    return t('loyalty.amountAboveZero', { max });
  }
  if (key === 'endsAt') return t('loyalty.endsAfterStart');
  if (key === 'imageUrl') return t('loyalty.imageNameRule', { max: PROMOTION_LIMITS.imageNameLengthMax });
  return t('loyalty.invalid');
}

/** The request to save an existing promotion with only its status changed (pause, resume). */
export function withStatus(promotion: AdminPromotion, status: PromotionRequest['status']): PromotionRequest {
  const result = requestOf({ ...draftOf(promotion), status });
  if (!result.ok) throw new Error(`promotion ${promotion.id} cannot be saved as it is: ${result.fields.join(', ')}`);
  return result.value;
}

export function bonusText(promotion: AdminPromotion, t: TFunction) {
  if (promotion.kind === 'FIXED') return formatMoney(satangToBaht(promotion.fixedSatang ?? 0));
  return promotion.capSatang === null
    ? t('loyalty.percent', { percent: promotion.percent })
    : t('loyalty.percentCap', { percent: promotion.percent, cap: formatMoney(satangToBaht(promotion.capSatang)) });
}
