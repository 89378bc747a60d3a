import './health.css';
import type { AdminHealth } from '@app/contracts/ops';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { PAGES } from '@/config/paths';
import { useHealth } from '@/features/health/api/health';
import { CheckCard } from '@/features/health/components/check-card';
import { auditProblemKey, auditRowPage } from '@/lib/audit-chain';

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
