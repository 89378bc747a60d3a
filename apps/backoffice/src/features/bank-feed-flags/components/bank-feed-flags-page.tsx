import './bank-feed-flags.css';
import type { BankFeedFlagItem } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { SelectFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { useBankFeedFlags, useResolveFlag } from '@/features/bank-feed-flags/api/bank-feed-flags';
import { FlagComparison } from '@/features/bank-feed-flags/components/flag-comparison';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { status: 'open' };

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
  const columns: Column<BankFeedFlagItem>[] = [
    { header: t('flags.reference'), className: 'mono', cell: (flag) => flag.reference },
    {
      header: t('flags.kind'),
      cell: (flag) => (
        <div>
          <strong>{t(`flags.kindTitle.${flag.kind}`)}</strong>
          <div className="muted flag-help">{t(`flags.kindHelp.${flag.kind}`)}</div>
        </div>
      ),
    },
    { header: t('flags.comparison'), className: 'table__cell--wide', cell: (flag) => <FlagComparison flag={flag} /> },
    {
      header: t('flags.raised'),
      cell: (flag) => (
        <div>
          {formatDateTime(flag.raisedAt)}
          <div className="muted">
            {t('flags.timesReported', { count: flag.timesReported })}
            {flag.timesReported > 1 && ` · ${t('flags.lastReported')}: ${formatDateTime(flag.lastReportedAt)}`}
          </div>
        </div>
      ),
    },
    {
      header: t('common.status'),
      cell: (flag) => (
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
      ),
    },
    {
      header: t('flags.actions'),
      cell: (flag) =>
        !flag.resolvedAt && (
          <div className="table__actions">
            <button type="button" className="button button--primary button--small" onClick={() => setResolving(flag)}>
              {t('flags.resolve')}
              <span className="visually-hidden"> {flag.reference}</span>
            </button>
          </div>
        ),
    },
  ];

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
      <DataTable
        query={flags}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        columns={columns}
        rowKey={(flag) => flag.id}
        rowTestId="flag-row"
      />
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
