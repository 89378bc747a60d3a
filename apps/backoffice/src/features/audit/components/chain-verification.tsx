import type { AuditVerify } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { auditProblemKey, auditRowPage } from '@/lib/audit-chain';

/**
 * The outcome of recomputing the hash chain: every row verified, or each
 * broken row with why, linked to the log filtered to that row.
 */
export function ChainVerification({ result }: { result: AuditVerify }) {
  const { t } = useTranslation();
  const problemText = (problem: string) => {
    const key = auditProblemKey(problem);
    return key ? t(key) : problem;
  };
  if (result.ok) {
    return (
      <Alert tone="success" title={t('audit.chainOk')}>
        <p>{t('audit.chainOkDetail', { count: result.checked })}</p>
        {result.headHash && (
          <p className="muted">
            {t('audit.headHash')}: <span className="mono">{result.headHash.slice(0, 16)}…</span>
          </p>
        )}
      </Alert>
    );
  }
  return (
    <Alert title={t('audit.chainBroken')}>
      <p>
        {t('audit.chainBrokenDetail', {
          count: result.problems.length,
          rows: t('audit.rows', { count: result.checked }),
        })}
      </p>
      <ul className="chain-problems">
        {result.problems.map((problem) => (
          <li key={`${problem.id}-${problem.problem}`}>
            {t('audit.rowProblem', { id: problem.id, problem: problemText(problem.problem) })}{' '}
            <Link to={auditRowPage(problem.id)}>{t('audit.showRow', { id: problem.id })}</Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
