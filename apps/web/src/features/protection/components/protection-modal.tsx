import './protection-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import {
  type ExclusionRequest,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_LENGTHS,
  TIMEOUT_LENGTHS,
} from '@app/contracts/protection';
import { amountBahtSchema } from '@app/contracts/wallet';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExclusionNotice } from '@/components/protection/exclusion-notice';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, tabIds } from '@/components/ui/tabs';
import {
  downloadStatementCsv,
  useReturnHeld,
  useSetLimit,
  useSetRealityCheck,
  useStartExclusion,
  useStatement,
} from '@/features/protection/api/protection';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { fieldErrorText } from '@/lib/form-errors';
import { useProtection } from '@/lib/protection';
import { PROTECTION_NS } from '@/lib/protection-i18n';
import type { ModalProps } from '@/stores/modal-store';

type TabId = 'limits' | 'pause' | 'activity';

/** The server's words for a refusal, else the generic line. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * Play safe: the player's own deposit and loss limits, the
 * reality check, a time-out or self-exclusion, deposits held for them, and
 * the monthly activity statement with its CSV.
 */
export function ProtectionModal({ onClose }: ModalProps) {
  const { t } = useTranslation(PROTECTION_NS);
  const [tab, setTab] = useState<TabId>('limits');
  const tabs = [
    { id: 'limits' as const, label: t('tabs.limits') },
    { id: 'pause' as const, label: t('tabs.pause') },
    { id: 'activity' as const, label: t('tabs.activity') },
  ];
  const ids = tabIds('protection', tab);
  return (
    <Dialog title={t('title')} onClose={onClose} className="protection-dialog">
      <div className="dialog__body protection">
        <p className="protection__intro">{t('intro')}</p>
        <Tabs label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={setTab} idPrefix="protection" />
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="protection__panel">
          {tab === 'limits' && <LimitsPanel />}
          {tab === 'pause' && <PausePanel />}
          {tab === 'activity' && <ActivityPanel />}
        </div>
      </div>
    </Dialog>
  );
}

function LimitsPanel() {
  const { t } = useTranslation(PROTECTION_NS);
  const protection = useProtection();
  if (protection.isPending) return <Spinner />;
  const limits = protection.data?.limits ?? [];
  return (
    <div className="protection__stack">
      <LimitForm kind="DEPOSIT" limits={limits} />
      <LimitForm kind="LOSS" limits={limits} />
      <p className="protection__note">{t('limits.rule')}</p>
      <RealityCheckForm minutes={protection.data?.realityCheck.minutes ?? null} />
    </div>
  );
}

function LimitRow({ limit }: { limit: LimitView }) {
  const { t } = useTranslation(PROTECTION_NS);
  const setLimit = useSetLimit();
  const pending = limit.pending;
  return (
    <li className="protection__limit" data-testid={`limit-${limit.kind}-${limit.period}`}>
      <div>
        <strong>{t(`limits.period.${limit.period}`)}</strong>{' '}
        {limit.amount === null
          ? t('limits.none')
          : t('limits.current', {
              amount: formatBahtWithSymbol(limit.amount),
              remaining: formatBahtWithSymbol(limit.remaining ?? 0),
            })}
        {pending && (
          <span className="protection__pending">
            {pending.amount === null
              ? t('limits.pendingRemoval', { date: formatDateTime(pending.from) })
              : t('limits.pending', {
                  amount: formatBahtWithSymbol(pending.amount),
                  date: formatDateTime(pending.from),
                })}
          </span>
        )}
      </div>
      {limit.amount !== null && pending?.amount !== null && (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={setLimit.isPending}
          onClick={() => setLimit.mutate({ kind: limit.kind, period: limit.period, amount: null })}
        >
          {t('limits.remove')}
        </button>
      )}
    </li>
  );
}

function LimitForm({ kind, limits }: { kind: LimitKind; limits: readonly LimitView[] }) {
  const { t } = useTranslation(PROTECTION_NS);
  const periodId = useId();
  const amountId = useId();
  const titleId = useId();
  const setLimit = useSetLimit();
  const [period, setPeriod] = useState<LimitPeriod>('DAY');
  const [amount, setAmount] = useState('');
  /** Why the typed amount is refused (a message key of the shared schema), or null. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = refusal !== null;
  const [message, setMessage] = useState<string | null>(null);
  const mine = limits.filter((limit) => limit.kind === kind);
  const prefix = kind === 'DEPOSIT' ? 'deposit' : 'loss';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rule (amountBahtSchema), so the form refuses what the server would, for the same reason:
    // a huge amount is too large (with the maximum), not "more than 2 decimals".
    const typed = amount.trim();
    const parsed = amountBahtSchema.safeParse(typed === '' ? Number.NaN : Number(typed));
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? 'amount_invalid');
      return;
    }
    const baht = parsed.data;
    setRefusal(null);
    setMessage(null);
    setLimit.mutate(
      { kind, period, amount: baht },
      {
        onSuccess: (response) => {
          setMessage(response.message);
          setAmount('');
        },
      },
    );
  }

  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`limits.${prefix}`)}</h3>
      <p className="protection__hint">{t(`limits.${prefix}Hint`)}</p>
      {mine.length > 0 && (
        <ul className="protection__limits">
          {mine.map((limit) => (
            <LimitRow key={limit.period} limit={limit} />
          ))}
        </ul>
      )}
      <form className="protection__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={periodId}>{t('limits.periodLabel')}</label>
          <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`limits.period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={amountId}>{t('limits.amountLabel')}</label>
          <input
            id={amountId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${amountId}-error` : undefined}
          />
          {invalid && (
            <p id={`${amountId}-error`} className="field-error">
              {refusal === 'amount_invalid' ? t('limits.amountInvalid') : fieldErrorText({ message: refusal ?? '' })}
            </p>
          )}
        </div>
        <button type="submit" className="button button--gold" disabled={setLimit.isPending}>
          {t('limits.save')}
        </button>
      </form>
      {message && (
        <p className="protection__saved" role="status">
          {message}
        </p>
      )}
      {setLimit.isError && <FormAlert>{errorText(setLimit.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}

function RealityCheckForm({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation(PROTECTION_NS);
  const selectId = useId();
  const titleId = useId();
  const save = useSetRealityCheck();
  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('reality.title')}</h3>
      <p className="protection__hint">{t('reality.body')}</p>
      <div className="field">
        <label htmlFor={selectId}>{t('reality.label')}</label>
        <select
          id={selectId}
          value={minutes === null ? '' : String(minutes)}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.value === '' ? null : Number(event.target.value))}
        >
          <option value="">{t('reality.off')}</option>
          {REALITY_CHECK_MINUTES.map((value) => (
            <option key={value} value={value}>
              {t('reality.minutes', { count: value })}
            </option>
          ))}
        </select>
      </div>
      {save.isSuccess && (
        <p className="protection__saved" role="status">
          {save.data.message}
        </p>
      )}
      {save.isError && <FormAlert>{errorText(save.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}

function PausePanel() {
  const protection = useProtection();
  if (protection.isPending) return <Spinner />;
  return (
    <div className="protection__stack">
      <ExclusionNotice />
      <ExclusionForm kind="TIMEOUT" />
      <ExclusionForm kind="SELF_EXCLUSION" />
    </div>
  );
}

function ExclusionForm({ kind }: { kind: ExclusionRequest['kind'] }) {
  const { t } = useTranslation(PROTECTION_NS);
  const lengthId = useId();
  const confirmId = useId();
  const titleId = useId();
  const start = useStartExclusion();
  const lengths = kind === 'TIMEOUT' ? TIMEOUT_LENGTHS : SELF_EXCLUSION_LENGTHS;
  const [length, setLength] = useState<string>(lengths[0]);
  const [confirmed, setConfirmed] = useState(false);
  const prefix = kind === 'TIMEOUT' ? 'timeout' : 'self';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) return;
    start.mutate({ kind, length } as ExclusionRequest, { onSuccess: () => setConfirmed(false) });
  }

  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`pause.${prefix}Title`)}</h3>
      <p className="protection__hint">{t(`pause.${prefix}Body`)}</p>
      <form className="protection__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={lengthId}>{t('pause.lengthLabel')}</label>
          <select id={lengthId} value={length} onChange={(event) => setLength(event.target.value)}>
            {lengths.map((value) => (
              <option key={value} value={value}>
                {t(`pause.length.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="protection__confirm" htmlFor={confirmId}>
          <input
            id={confirmId}
            type="checkbox"
            checked={confirmed}
            onChange={(event) => setConfirmed(event.target.checked)}
          />
          {t('pause.confirm')}
        </label>
        <button type="submit" className="button button--outline" disabled={!confirmed || start.isPending}>
          {t('pause.start')}
        </button>
      </form>
      {start.isSuccess && (
        <p className="protection__saved" role="status">
          {start.data.message}
        </p>
      )}
      {start.isError && <FormAlert>{errorText(start.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}

function ActivityPanel() {
  const { t } = useTranslation(PROTECTION_NS);
  const protection = useProtection();
  const statement = useStatement(true);
  const returnHeld = useReturnHeld();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const held = protection.data?.held ?? [];
  const heldTitleId = useId();
  const statementTitleId = useId();

  return (
    <div className="protection__stack">
      {held.length > 0 && (
        <section className="protection__card" aria-labelledby={heldTitleId}>
          <h3 id={heldTitleId}>{t('held.title')}</h3>
          <p className="protection__hint">{t('held.body')}</p>
          <ul className="protection__held">
            {held.map((item) => (
              <li key={item.id} data-testid={`held-${item.id}`}>
                <div>
                  <strong>{formatBahtWithSymbol(item.amount)}</strong> · {formatDateTime(item.createdAt)}
                  <span className="protection__pending">
                    {t(`held.reason.${item.reason}`)} · {t(`held.status.${item.status}`)}
                  </span>
                </div>
                {item.status === 'HELD' && (
                  <button
                    type="button"
                    className="button button--outline button--small"
                    disabled={returnHeld.isPending}
                    onClick={() => returnHeld.mutate(item.id)}
                  >
                    {t('held.return')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {returnHeld.isSuccess && (
            <p className="protection__saved" role="status">
              {returnHeld.data.message}
            </p>
          )}
          {returnHeld.isError && <FormAlert>{errorText(returnHeld.error, t('saveFailed'))}</FormAlert>}
        </section>
      )}
      <section className="protection__card" aria-labelledby={statementTitleId}>
        <h3 id={statementTitleId}>{t('statement.title')}</h3>
        {statement.isPending ? (
          <Spinner />
        ) : (statement.data ?? []).length === 0 ? (
          <p className="protection__hint">{t('statement.empty')}</p>
        ) : (
          <ul className="protection__months">
            {(statement.data ?? []).map((month) => (
              <li key={month.month} data-testid={`statement-${month.month}`}>
                <h4>{month.month}</h4>
                <dl>
                  {(['deposits', 'withdrawals', 'bets', 'wins', 'net'] as const).map((column) => (
                    <div key={column} className={column === 'net' && month.net < 0 ? 'is-negative' : undefined}>
                      <dt>{t(`statement.${column}`)}</dt>
                      <dd>{formatBahtWithSymbol(month[column])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            setDownloadFailed(false);
            downloadStatementCsv().catch(() => setDownloadFailed(true));
          }}
        >
          {t('statement.download')}
        </button>
        {downloadFailed && <FormAlert>{t('statement.downloadFailed')}</FormAlert>}
      </section>
    </div>
  );
}
