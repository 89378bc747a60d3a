import '@/components/ui/filter-bar.css';
import './audit-log.css';
import type { AuditEntry } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { playerPage } from '@/config/paths';
import { useAuditLog, useVerifyChain } from '@/features/audit/api/audit';
import { AuditChanges } from '@/features/audit/components/audit-changes';
import { AuditFilterForm } from '@/features/audit/components/audit-filter-form';
import { ChainVerification } from '@/features/audit/components/chain-verification';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { id: '', actor: '', action: '', targetType: '', targetId: '', from: '', to: '', sort: 'newest' };
/**
 * The audit log: every operator action with who, what, when, why and what it
 * changed, filtered and paged by the address; and the verification of the
 * log's hash chain, whose broken rows link to the log filtered to them.
 */
export function AuditLog() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const log = useAuditLog({ ...values, page });
  const verify = useVerifyChain();
  const columns: Column<AuditEntry>[] = [
    {
      header: t('audit.when'),
      cell: (entry) => (
        <div>
          {formatDateTime(entry.at)}
          <div className="muted">{t('audit.rowNumber', { id: entry.id })}</div>
        </div>
      ),
    },
    { header: t('audit.who'), cell: (entry) => entry.actor },
    { header: t('audit.what'), cell: (entry) => <AuditWhat entry={entry} /> },
    { header: t('audit.why'), cell: (entry) => entry.reason ?? <span className="muted">—</span> },
    { header: t('audit.change'), cell: (entry) => <AuditChanges entry={entry} /> },
  ];

  return (
    <>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')}>
        <button
          type="button"
          className="button"
          disabled={verify.isPending}
          onClick={() => {
            if (!verify.isPending) verify.mutate();
          }}
        >
          {verify.isPending ? t('audit.verifying') : t('audit.verify')}
        </button>
      </PageHeader>
      <div className="audit-verification" aria-live="polite">
        {verify.isSuccess && <ChainVerification result={verify.data} />}
        {verify.isError && (
          <Alert title={t('audit.verifyFailed')}>
            {verify.error instanceof ApiError ? verify.error.serverMessage : ''}
          </Alert>
        )}
      </div>
      <AuditFilterForm
        key={JSON.stringify(values)}
        values={values}
        onApply={(changes) => set({ ...changes, id: '' })}
      />
      <div className="filter-bar">
        <SortFilter value={values.sort} onChange={(sort) => set({ sort })} newestFirst />
        {values.id && (
          <p className="audit-only-row">
            {t('audit.onlyRow', { id: values.id })}{' '}
            <button type="button" className="button button--small" onClick={() => set({ id: '' })}>
              {t('audit.showAllRows')}
            </button>
          </p>
        )}
        {log.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <DataTable
        query={log}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        caption={t('audit.title')}
        className="audit-table"
        columns={columns}
        rowKey={(entry) => entry.id}
        rowTestId="audit-row"
      />
    </>
  );
}

/** The action and what it acted on; a player is a link to their page. */
function AuditWhat({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <div>
      <span className="mono audit-table__action">{entry.action}</span>
      {entry.targetType && (
        <div className="muted">
          {entry.targetType === 'player' && entry.targetId && /^\d+$/.test(entry.targetId) ? (
            <Link to={playerPage(Number(entry.targetId))}>
              {t('audit.target', { type: entry.targetType, id: entry.targetId })}
            </Link>
          ) : (
            t('audit.target', { type: entry.targetType, id: entry.targetId ?? '' })
          )}
        </div>
      )}
    </div>
  );
}
