import './bank-feed-flags.css';
import type { BankFeedFlagItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { SelectFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { useBankFeedFlags, useResolveFlag } from '@/features/bank-feed-flags/api/bank-feed-flags';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'open' };

/** The fields a flag compares, in the order an operator reads them; others follow as the server named them. */
const KNOWN_FIELDS = ['amount', 'fromBankCode', 'fromAccount', 'toAccount', 'playerId', 'historyId', 'decidedBy'];

/**
 * What the bank feed reported that needs a person: a known reference sent
 * again with another amount or sender, or a reference an operator already
 * credited from a slip arriving with another amount or from an account that
 * does not fit. Nothing was credited for either. Each flag shows what the
 * bank reported beside what we recorded; resolving it records who looked and
 * why (corrections are manual credits or debits).
 */
export function BankFeedFlagsPage() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const flags = useBankFeedFlags({ ...values, page });
  const { resolve, refresh } = useResolveFlag();
  const [resolving, setResolving] = useState<BankFeedFlagItem | null>(null);

  return (
    <>
      <PageHeader title={t('flags.title')} />
      <p className="muted">{t('flags.intro')}</p>
      <div className="filter-bar">
        <SelectFilter
          label={t('common.status')}
          value={values.status}
          options={[
            ['open', t('flags.statusOpen')],
            ['resolved', t('flags.statusResolved')],
          ]}
          onChange={(status) => set({ status })}
        />
        {flags.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <PagedList query={flags} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('flags.reference')}</th>
                  <th scope="col">{t('flags.kind')}</th>
                  <th scope="col">{t('flags.comparison')}</th>
                  <th scope="col">{t('flags.raised')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col">{t('flags.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((flag) => (
                  <tr key={flag.id} data-testid="flag-row">
                    <td data-label={t('flags.reference')} className="mono">
                      {flag.reference}
                    </td>
                    <td data-label={t('flags.kind')}>
                      <div>
                        <strong>{t(`flags.kindTitle.${flag.kind}`)}</strong>
                        <div className="muted flag-help">{t(`flags.kindHelp.${flag.kind}`)}</div>
                      </div>
                    </td>
                    <td data-label={t('flags.comparison')} className="table__cell--wide">
                      <FlagComparison flag={flag} />
                    </td>
                    <td data-label={t('flags.raised')}>
                      <div>
                        {formatDateTime(flag.raisedAt)}
                        <div className="muted">
                          {t('flags.timesReported', { count: flag.timesReported })}
                          {flag.timesReported > 1 &&
                            ` · ${t('flags.lastReported')}: ${formatDateTime(flag.lastReportedAt)}`}
                        </div>
                      </div>
                    </td>
                    <td data-label={t('common.status')}>
                      <div>
                        <StatusBadge
                          status={flag.resolvedAt ? 'RESOLVED' : 'OPEN'}
                          label={flag.resolvedAt ? t('flags.statusResolved') : t('flags.statusOpen')}
                        />
                        {flag.resolvedBy && (
                          <div className="muted">
                            {flag.resolvedBy} · {formatDateTime(flag.resolvedAt)}
                          </div>
                        )}
                        {flag.resolution && <div className="muted">{flag.resolution}</div>}
                      </div>
                    </td>
                    <td data-label={t('flags.actions')}>
                      {!flag.resolvedAt && (
                        <div className="table__actions">
                          <button
                            type="button"
                            className="button button--primary button--small"
                            onClick={() => setResolving(flag)}
                          >
                            {t('flags.resolve')}
                            <span className="visually-hidden"> {flag.reference}</span>
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
      {resolving && (
        <DecisionDialog
          title={t('flags.resolveTitle', { reference: resolving.reference })}
          confirmLabel={t('flags.resolve')}
          reason="required"
          successText={t('flags.resolved')}
          onConfirm={({ reason }) => resolve(resolving, reason)}
          onSettled={refresh}
          onClose={() => {
            setResolving(null);
            refresh();
          }}
        >
          <p>{t('flags.resolveHint')}</p>
          <FlagComparison flag={resolving} />
        </DecisionDialog>
      )}
    </>
  );
}

/** What the bank reported beside what we recorded, field by field; a field that differs is marked. */
function FlagComparison({ flag }: { flag: BankFeedFlagItem }) {
  const { t, i18n } = useTranslation();
  const named = new Set([...Object.keys(flag.reported), ...Object.keys(flag.recorded)]);
  const fields = [
    ...KNOWN_FIELDS.filter((field) => named.has(field)),
    ...[...named].filter((field) => !KNOWN_FIELDS.includes(field)),
  ];
  const show = (field: string, value: unknown) => {
    if (value === undefined || value === null) return '—';
    if (field === 'amount' && typeof value === 'number') return formatMoney(value);
    if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
    return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  };
  // A description list laid out as a grid: a nested <table> would take the list table's styles (and its phone layout).
  return (
    <div className="flag-fields">
      <div className="flag-fields__row flag-fields__head" aria-hidden="true">
        <span>{t('flags.field')}</span>
        <span>{t('flags.reported')}</span>
        <span>{t('flags.recorded')}</span>
      </div>
      <dl className="flag-fields__list">
        {fields.map((field) => {
          const reported = flag.reported[field];
          const recorded = flag.recorded[field];
          const differs =
            field in flag.reported && field in flag.recorded && show(field, reported) !== show(field, recorded);
          return (
            <div
              key={field}
              className={`flag-fields__row${differs ? ' flag-fields__differs' : ''}`}
              data-testid={`flag-field-${field}`}
            >
              <dt>{i18n.exists(`flags.fields.${field}`) ? t(`flags.fields.${field}`) : field}</dt>
              <dd className="mono">
                <span className="visually-hidden">{t('flags.reported')}: </span>
                {show(field, reported)}
              </dd>
              <dd className="mono">
                <span className="visually-hidden">{t('flags.recorded')}: </span>
                {show(field, recorded)}
                {differs && <span className="visually-hidden"> ({t('flags.differs')})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
