import '@/components/ui/table.css';
import './loyalty.css';
import { rewardImagePath } from '@app/contracts/admin';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@app/contracts/languages';
import {
  type AdminPromotion,
  CLAIM_LIMITS,
  PROMOTION_KINDS,
  PROMOTION_LIMITS,
  type PromotionRequest,
  promotionRequestSchema,
  TURNOVER_BASES,
} from '@app/contracts/loyalty';
import { bahtToSatang, satangToBaht } from '@app/contracts/money';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { ImageField, isImageName } from '@/components/ui/image-field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePromotions, useSavePromotion } from '@/features/loyalty/api/loyalty';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** The form's fields as typed: amounts in baht, times as the datetime-local control gives them. */
type Draft = {
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

function draftOf(promotion: AdminPromotion | null): Draft {
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
function withStatus(promotion: AdminPromotion, status: PromotionRequest['status']): PromotionRequest {
  const result = requestOf({ ...draftOf(promotion), status });
  if (!result.ok) throw new Error(`promotion ${promotion.id} cannot be saved as it is: ${result.fields.join(', ')}`);
  return result.value;
}

function bonusText(promotion: AdminPromotion, t: TFunction) {
  if (promotion.kind === 'FIXED') return formatMoney(satangToBaht(promotion.fixedSatang ?? 0));
  return promotion.capSatang === null
    ? t('loyalty.percent', { percent: promotion.percent })
    : t('loyalty.percentCap', { percent: promotion.percent, cap: formatMoney(satangToBaht(promotion.capSatang)) });
}

/**
 * Promotions: every promotion with its bonus, turnover, window and
 * claims; admins create and change them (texts and image in the six
 * languages, with a preview of what players read) and pause or resume them.
 * Every change is audited by the server; claims already started keep the
 * terms they started with.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const save = useSavePromotion();
  const [editing, setEditing] = useState<{ promotion: AdminPromotion | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const language = currentLanguage();

  const title = (promotion: AdminPromotion) => (promotion.texts[language] ?? promotion.texts.en)?.title ?? '';

  function toggle(promotion: AdminPromotion) {
    setSaved(null);
    const status = promotion.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    save.mutate(
      { id: promotion.id, promotion: withStatus(promotion, status) },
      { onSuccess: () => setSaved(status === 'PAUSED' ? t('loyalty.paused') : t('loyalty.resumed')) },
    );
  }

  let body: React.ReactNode;
  if (promotions.isPending) body = <Spinner label={t('common.loading')} />;
  else if (promotions.isError) body = <Alert>{t('common.loadFailed')}</Alert>;
  else if (promotions.data.length === 0) body = <p className="muted">{t('loyalty.noPromotions')}</p>;
  else {
    body = (
      <div className="table-box">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('loyalty.title')}</th>
              <th scope="col">{t('loyalty.kind')}</th>
              <th scope="col">{t('loyalty.bonus')}</th>
              <th scope="col">{t('loyalty.turnover')}</th>
              <th scope="col">{t('loyalty.window')}</th>
              <th scope="col" className="num">
                {t('loyalty.claims')}
              </th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col">{t('loyalty.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {promotions.data.map((promotion) => (
              <tr key={promotion.id} data-testid="promotion-row">
                <td data-label={t('loyalty.title')}>{title(promotion)}</td>
                <td data-label={t('loyalty.kind')}>{t(`loyalty.kind_${promotion.kind}`)}</td>
                <td data-label={t('loyalty.bonus')}>{bonusText(promotion, t)}</td>
                <td data-label={t('loyalty.turnover')}>
                  {promotion.turnoverMultiplier === 0
                    ? t('loyalty.noTurnover')
                    : t(`loyalty.turnover_${promotion.turnoverBase}`, { times: promotion.turnoverMultiplier })}
                </td>
                <td data-label={t('loyalty.window')}>
                  {promotion.startsAt || promotion.endsAt
                    ? `${formatDateTime(promotion.startsAt)} – ${formatDateTime(promotion.endsAt)}`
                    : t('loyalty.always')}
                </td>
                <td data-label={t('loyalty.claims')} className="num">
                  {promotion.claims}
                </td>
                <td data-label={t('common.status')}>
                  <StatusBadge
                    status={promotion.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED'}
                    label={promotion.status === 'ACTIVE' ? t('loyalty.statusActive') : t('loyalty.statusPaused')}
                  />
                </td>
                <td data-label={t('loyalty.actions')}>
                  <div className="table__actions">
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => {
                        setSaved(null);
                        setEditing({ promotion });
                      }}
                    >
                      {t('loyalty.edit')}
                      <span className="visually-hidden"> {title(promotion)}</span>
                    </button>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => toggle(promotion)}
                      disabled={save.isPending}
                    >
                      {promotion.status === 'ACTIVE' ? t('loyalty.pause') : t('loyalty.resume')}
                      <span className="visually-hidden"> {title(promotion)}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('loyalty.promotionsTitle')} subtitle={t('loyalty.promotionsIntro')}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setSaved(null);
            setEditing({ promotion: null });
          }}
        >
          {t('loyalty.addPromotion')}
        </button>
      </PageHeader>
      {saved && <Alert tone="success">{saved}</Alert>}
      {save.isError && !editing && (
        <Alert title={t('common.requestFailed')}>
          {save.error instanceof ApiError ? save.error.serverMessage : ''}
        </Alert>
      )}
      {body}
      {editing && (
        <PromotionDialog
          promotion={editing.promotion}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setSaved(t('loyalty.saved'));
          }}
        />
      )}
    </>
  );
}

function PromotionDialog({
  promotion,
  onClose,
  onSaved,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const id = useId();
  const save = useSavePromotion();
  const [draft, setDraft] = useState<Draft>(() => draftOf(promotion));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [preview, setPreview] = useState<Language>('th');
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const setText = (language: Language, field: 'title' | 'terms', value: string) =>
    setDraft((current) => ({
      ...current,
      texts: { ...current.texts, [language]: { ...current.texts[language], [field]: value } },
    }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = requestOf(draft);
    if (!result.ok) {
      setInvalid(result.fields);
      return;
    }
    setInvalid([]);
    save.mutate(promotion ? { id: promotion.id, promotion: result.value } : { promotion: result.value }, {
      onSuccess: onSaved,
    });
  }

  const field = (key: keyof Draft) => `${id}-${key}`;
  const error = (key: string) => (invalid.includes(key) ? fieldRule(t, key) : undefined);
  const shown = draft.texts[preview].title.trim() ? draft.texts[preview] : draft.texts.en;
  const number = (
    key: 'percent' | 'turnoverMultiplier' | 'contributionWc' | 'contributionUfa' | 'sortOrder',
    label: string,
    hint?: string,
  ) => (
    <FormField id={field(key)} label={label} error={error(key === 'percent' ? 'percent' : key)} hint={hint}>
      <input
        id={field(key)}
        inputMode="numeric"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={error(key) ? true : undefined}
      />
    </FormField>
  );
  const baht = (
    key: 'fixed' | 'cap' | 'minDeposit' | 'maxWithdraw',
    label: string,
    schemaKey: string,
    hint?: string,
  ) => (
    <FormField id={field(key)} label={label} error={error(schemaKey)} hint={hint}>
      <input
        id={field(key)}
        inputMode="decimal"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={error(schemaKey) ? true : undefined}
      />
    </FormField>
  );

  return (
    <Dialog title={promotion ? t('loyalty.editPromotion') : t('loyalty.newPromotion')} onClose={onClose} wide>
      <form className="settings-form promotion-form" onSubmit={onSubmit} noValidate>
        <div className="settings-form__grid">
          <FormField id={field('kind')} label={t('loyalty.kind')}>
            <select
              id={field('kind')}
              value={draft.kind}
              onChange={(event) => set('kind', event.target.value as Draft['kind'])}
            >
              {PROMOTION_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`loyalty.kind_${kind}`)}
                </option>
              ))}
            </select>
          </FormField>
          {draft.kind === 'FIXED' ? (
            baht('fixed', t('loyalty.fixedAmount'), 'fixedSatang')
          ) : (
            <>
              {number('percent', t('loyalty.percentLabel'))}
              {baht('cap', t('loyalty.cap'), 'capSatang', t('loyalty.optional'))}
              {baht('minDeposit', t('loyalty.minDeposit'), 'minDepositSatang')}
            </>
          )}
          {number('turnoverMultiplier', t('loyalty.turnoverMultiplier'), t('loyalty.turnoverMultiplierHint'))}
          <FormField id={field('turnoverBase')} label={t('loyalty.turnoverBase')}>
            <select
              id={field('turnoverBase')}
              value={draft.turnoverBase}
              onChange={(event) => set('turnoverBase', event.target.value as Draft['turnoverBase'])}
            >
              {TURNOVER_BASES.map((base) => (
                <option key={base} value={base}>
                  {t(`loyalty.base_${base}`)}
                </option>
              ))}
            </select>
          </FormField>
          {number('contributionWc', t('loyalty.contributionWc'))}
          {number('contributionUfa', t('loyalty.contributionUfa'))}
          {baht('maxWithdraw', t('loyalty.maxWithdraw'), 'maxWithdrawSatang', t('loyalty.optional'))}
          <FormField id={field('claimLimit')} label={t('loyalty.claimLimit')}>
            <select
              id={field('claimLimit')}
              value={draft.claimLimit}
              onChange={(event) => set('claimLimit', event.target.value as Draft['claimLimit'])}
            >
              {CLAIM_LIMITS.map((limit) => (
                <option key={limit} value={limit}>
                  {t(`loyalty.limit_${limit}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={field('startsAt')} label={t('loyalty.startsAt')} hint={t('loyalty.optional')}>
            <input
              id={field('startsAt')}
              type="datetime-local"
              value={draft.startsAt}
              onChange={(event) => set('startsAt', event.target.value)}
            />
          </FormField>
          <FormField
            id={field('endsAt')}
            label={t('loyalty.endsAt')}
            error={error('endsAt')}
            hint={t('loyalty.optional')}
          >
            <input
              id={field('endsAt')}
              type="datetime-local"
              value={draft.endsAt}
              onChange={(event) => set('endsAt', event.target.value)}
            />
          </FormField>
          {number('sortOrder', t('loyalty.sortOrder'))}
          <FormField id={field('status')} label={t('common.status')}>
            <select
              id={field('status')}
              value={draft.status}
              onChange={(event) => set('status', event.target.value as Draft['status'])}
            >
              <option value="ACTIVE">{t('loyalty.statusActive')}</option>
              <option value="PAUSED">{t('loyalty.statusPaused')}</option>
            </select>
          </FormField>
        </div>
        <label className="check-field" htmlFor={field('forfeitWinnings')}>
          <input
            id={field('forfeitWinnings')}
            type="checkbox"
            checked={draft.forfeitWinnings}
            onChange={(event) => set('forfeitWinnings', event.target.checked)}
          />
          {t('loyalty.forfeitWinnings')}
        </label>

        <ImageField
          value={draft.imageUrl}
          onChange={(name) => set('imageUrl', name)}
          error={error('imageUrl')}
          nameLabel={t('loyalty.image')}
          nameHint={t('loyalty.imageHint')}
          previewLabel={t('loyalty.imagePreview')}
        />

        <fieldset className="promotion-texts">
          <legend>{t('loyalty.texts')}</legend>
          {error('texts') && <p className="field__error">{t('loyalty.textsInvalid')}</p>}
          {LANGUAGES.map((language) => (
            <div key={language} className="promotion-texts__language">
              <FormField id={`${id}-title-${language}`} label={`${t('loyalty.title')} (${LANGUAGE_NAMES[language]})`}>
                <input
                  id={`${id}-title-${language}`}
                  value={draft.texts[language].title}
                  onChange={(event) => setText(language, 'title', event.target.value)}
                />
              </FormField>
              <FormField id={`${id}-terms-${language}`} label={`${t('loyalty.terms')} (${LANGUAGE_NAMES[language]})`}>
                <textarea
                  id={`${id}-terms-${language}`}
                  rows={3}
                  value={draft.texts[language].terms}
                  onChange={(event) => setText(language, 'terms', event.target.value)}
                />
              </FormField>
            </div>
          ))}
        </fieldset>

        <div className="promotion-preview">
          <FormField id={`${id}-preview`} label={t('loyalty.previewLanguage')} hint={t('loyalty.previewHint')}>
            <select
              id={`${id}-preview`}
              value={preview}
              onChange={(event) => setPreview(event.target.value as Language)}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </FormField>
          <div className="promotion-preview__card" data-testid="promotion-preview">
            {isImageName(draft.imageUrl) && (
              <img className="promotion-preview__image" src={rewardImagePath(draft.imageUrl)} alt="" />
            )}
            <strong>{shown.title || t('loyalty.noTitle')}</strong>
            <p>{shown.terms}</p>
          </div>
        </div>

        {invalid.length > 0 && <Alert>{t('loyalty.fixFields')}</Alert>}
        <FormFooter
          sending={save}
          submitLabel={save.isPending ? t('loyalty.saving') : t('common.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
