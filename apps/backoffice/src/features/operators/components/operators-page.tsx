import '@/components/ui/table.css';
import './operators.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { useOperators } from '@/features/operators/api/operators';
import {
  CreateOperatorDialog,
  EditOperatorDialog,
  type OperatorItem,
} from '@/features/operators/components/operator-dialogs';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSessionStore } from '@/stores/session-store';

type Open = { kind: 'create' } | { kind: 'edit'; operator: OperatorItem };

/**
 * The operators of the back office (admins only): who they are, their role,
 * whether their second factor is set up, whether they are disabled, when they
 * last signed in. Admins add operators and change them here.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const selfId = useSessionStore((state) => state.session?.operator.id);
  const operators = useOperators();
  const [open, setOpen] = useState<Open | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const show = (next: Open) => {
    setOutcome(null);
    setOpen(next);
  };
  const roleLabel = (role: string) => (role === 'admin' ? t('operators.roleAdmin') : t('operators.roleOperator'));

  let list: React.ReactNode;
  if (operators.isPending) list = <Spinner label={t('common.loading')} />;
  else if (operators.isError) list = <Alert>{t('common.loadFailed')}</Alert>;
  else if (operators.data.length === 0) list = <p className="muted">{t('common.empty')}</p>;
  else {
    list = (
      <div className="table-box">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('operators.username')}</th>
              <th scope="col">{t('operators.displayName')}</th>
              <th scope="col">{t('operators.role')}</th>
              <th scope="col">{t('operators.secondFactor')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col" className="num">
                {t('operators.creditLimitColumn')}
              </th>
              <th scope="col">{t('operators.lastLogin')}</th>
              <th scope="col">{t('operators.createdAt')}</th>
              <th scope="col">{t('operators.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {operators.data.map((operator) => (
              <tr key={operator.id} data-testid="operator-row">
                <td data-label={t('operators.username')}>
                  <span className="mono">{operator.username}</span>
                  {operator.id === selfId && <span className="muted"> {t('operators.you')}</span>}
                </td>
                <td data-label={t('operators.displayName')}>{operator.displayName}</td>
                <td data-label={t('operators.role')}>{roleLabel(operator.role)}</td>
                <td data-label={t('operators.secondFactor')}>
                  {operator.enrolled ? t('operators.enrolled') : t('operators.notEnrolled')}
                </td>
                <td data-label={t('common.status')}>
                  <StatusBadge
                    status={operator.disabled ? 'DISABLED' : 'ACTIVE'}
                    label={operator.disabled ? t('operators.statusDisabled') : t('operators.statusActive')}
                  />
                </td>
                <td data-label={t('operators.creditLimitColumn')} className="num">
                  {operator.manualCreditLimit === null ? (
                    <span className="muted">{t('operators.creditLimitDefault')}</span>
                  ) : (
                    formatMoney(operator.manualCreditLimit)
                  )}
                </td>
                <td data-label={t('operators.lastLogin')}>
                  {operator.lastLoginAt ? formatDateTime(operator.lastLoginAt) : t('operators.never')}
                </td>
                <td data-label={t('operators.createdAt')}>{formatDateTime(operator.createdAt)}</td>
                <td data-label={t('operators.actions')}>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => show({ kind: 'edit', operator })}
                  >
                    {t('operators.edit')}
                    <span className="visually-hidden"> {operator.username}</span>
                  </button>
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
      <PageHeader title={t('operators.title')} subtitle={t('operators.subtitle')}>
        <button type="button" className="button button--primary" onClick={() => show({ kind: 'create' })}>
          {t('operators.add')}
        </button>
      </PageHeader>
      <div className="operators">
        {outcome && <Alert tone="success">{outcome}</Alert>}
        {list}
      </div>
      {open?.kind === 'create' && (
        <CreateOperatorDialog
          onClose={() => setOpen(null)}
          onDone={(username) => {
            setOpen(null);
            setOutcome(t('operators.created', { username }));
          }}
        />
      )}
      {open?.kind === 'edit' && (
        <EditOperatorDialog
          operator={open.operator}
          isSelf={open.operator.id === selfId}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setOutcome(t('operators.saved', { username: open.operator.username }));
          }}
        />
      )}
    </>
  );
}
