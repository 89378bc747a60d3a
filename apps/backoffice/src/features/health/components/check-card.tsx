import type { CheckRunSource } from '@app/contracts/ops';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { StatusBadge } from '@/components/ui/status-badge';
import { type CheckName, useRunCheck } from '@/features/health/api/health';
import { ApiError } from '@/lib/api-client';
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
export function CheckCard({ check, title, hint, run, covered, problems, footer }: CheckCardProps) {
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
