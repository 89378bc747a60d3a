import './health.css';
import type { AdminHealth, CheckRunSource } from '@app/contracts/ops';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { PAGES } from '@/config/paths';
import { type CheckName, useHealth, useRunCheck } from '@/features/health/api/health';
import { ApiError } from '@/lib/api-client';
import { auditProblemKey, auditRowPage } from '@/lib/audit-chain';
import { formatDateTime } from '@/lib/format';

type Run = { ranAt: string; source: CheckRunSource; ranBy: string; ok: boolean };

type CheckCardProps = {
  check: CheckName;
  title: string;
  hint: string;
  /** The last run, null when the check never ran. */
  run: Run | null;
  /** What the run covered, one line ("1,204 journals, ..."). */
  covered?: string;
  /** The problems the run found, one item each. */
  problems: { key: string; content: ReactNode }[];
  footer?: ReactNode;
};

/**
 * One check: its last result (when, by whom, OK or the problems) and a
 * button that runs it again; the new result replaces the old one once the
 * server has recorded it.
 */
function CheckCard({ check, title, hint, run, covered, problems, footer }: CheckCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const problemsId = useId();
  const runCheck = useRunCheck(check);

  return (
    <section className="check-card" aria-labelledby={titleId} data-testid={`check-${check}`}>
      <header className="check-card__header">
        <h2 id={titleId}>{title}</h2>
        {run ? (
          <StatusBadge
            status={run.ok ? 'OK' : 'PROBLEMS'}
            label={run.ok ? t('health.statusOk') : t('health.statusProblems')}
          />
        ) : (
          <StatusBadge status="NEVER_RUN" label={t('health.statusNeverRun')} />
        )}
      </header>
      <p className="muted">{hint}</p>
      {run ? (
        <dl className="check-card__facts">
          <div>
            <dt>{t('health.lastRun')}</dt>
            <dd>{formatDateTime(run.ranAt)}</dd>
          </div>
          <div>
            <dt>{t('health.ranBy')}</dt>
            <dd>{t('health.ranByWho', { name: run.ranBy, source: t(`health.sources.${run.source}`) })}</dd>
          </div>
          {covered && (
            <div>
              <dt>{t('health.checked')}</dt>
              <dd>{covered}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p>{t('health.neverRun')}</p>
      )}
      {problems.length > 0 && (
        <>
          <h3 id={problemsId} className="check-card__problems-title">
            {t('health.problems')}
          </h3>
          <ul className="check-card__problems" aria-labelledby={problemsId}>
            {problems.map((problem) => (
              <li key={problem.key}>{problem.content}</li>
            ))}
          </ul>
        </>
      )}
      {runCheck.isError && (
        <Alert title={t('health.runFailed')}>
          {runCheck.error instanceof ApiError ? runCheck.error.serverMessage : ''}
        </Alert>
      )}
      <div className="check-card__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={runCheck.isPending}
          onClick={() => {
            if (!runCheck.isPending) runCheck.mutate();
          }}
        >
          {runCheck.isPending ? t('health.running') : t('health.runNow')}
          <span className="visually-hidden"> ({title})</span>
        </button>
        {footer}
      </div>
    </section>
  );
}

function LedgerCard({ run }: { run: AdminHealth['ledger'] }) {
  const { t } = useTranslation();
  return (
    <CheckCard
      check="ledger"
      title={t('health.ledger')}
      hint={t('health.ledgerHint')}
      run={run && { ...run, ok: run.result.ok }}
      covered={
        run
          ? t('health.ledgerCounts', {
              journals: t('health.journals', { count: run.result.counts.journals }),
              postings: t('health.postings', { count: run.result.counts.postings }),
              accounts: t('health.accounts', { count: run.result.counts.accounts }),
            })
          : undefined
      }
      // A text may repeat (the server caps each kind of problem, not the texts); the position tells them apart.
      problems={(run?.result.problems ?? []).map((problem, index) => ({ key: `${index}`, content: problem }))}
    />
  );
}

function AuditChainCard({ run }: { run: AdminHealth['auditChain'] }) {
  const { t } = useTranslation();
  return (
    <CheckCard
      check="auditChain"
      title={t('health.auditChain')}
      hint={t('health.auditChainHint')}
      run={run && { ...run, ok: run.result.ok }}
      covered={run ? t('health.auditCounts', { count: run.result.checked }) : undefined}
      problems={(run?.result.problems ?? []).map((problem) => {
        const key = auditProblemKey(problem.problem);
        return {
          key: `${problem.id}-${problem.problem}`,
          content: (
            <>
              {t('audit.rowProblem', { id: problem.id, problem: key ? t(key) : problem.problem })}{' '}
              <Link to={auditRowPage(problem.id)}>{t('audit.showRow', { id: problem.id })}</Link>
            </>
          ),
        };
      })}
      footer={
        <Link className="check-card__link" to={PAGES.audit}>
          {t('health.openAuditLog')}
        </Link>
      }
    />
  );
}

/**
 * Ledger health: the last result of the ledger check and of the audit
 * chain's verification, whoever ran them (an operator here or through the
 * API, the CLI), and a "Run now" for each.
 */
export function LedgerHealth() {
  const { t } = useTranslation();
  const health = useHealth();

  let content: ReactNode;
  if (health.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (health.isError) {
    content = <Alert>{t('common.loadFailed')}</Alert>;
  } else {
    content = (
      <div className="check-cards">
        <LedgerCard run={health.data.ledger} />
        <AuditChainCard run={health.data.auditChain} />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('health.title')} subtitle={t('health.subtitle')} />
      {content}
    </>
  );
}
