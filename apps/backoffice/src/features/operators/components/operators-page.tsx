import { useTranslation } from 'react-i18next';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useOperators } from '@/features/operators/api/operators';
import { CreateOperatorDialog } from '@/features/operators/components/create-operator-dialog';
import { EditOperatorDialog } from '@/features/operators/components/edit-operator-dialog';
import type { OperatorItem } from '@/features/operators/components/operator-roles';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useSessionStore } from '@/stores/session-store';

/**
 * The operators of the back office (admins only): who they are, their role,
 * whether their second factor is set up, whether they are disabled, when they
 * last signed in. Admins add operators and change them here.
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const selfId = useSessionStore((state) => state.session?.operator.id);
  const operators = useOperators();
  const catalogue = useCatalogue<OperatorItem>();
  const columns: Column<OperatorItem>[] = [
    {
      header: t('operators.username'),
      cell: (operator) => (
        <>
          <span className="mono">{operator.username}</span>
          {operator.id === selfId && <span className="muted"> {t('operators.you')}</span>}
        </>
      ),
    },
    { header: t('operators.displayName'), cell: (operator) => operator.displayName },
    {
      header: t('operators.role'),
      cell: (operator) => (operator.role === 'admin' ? t('operators.roleAdmin') : t('operators.roleOperator')),
    },
    {
      header: t('operators.secondFactor'),
      cell: (operator) => (operator.enrolled ? t('operators.enrolled') : t('operators.notEnrolled')),
    },
    {
      header: t('common.status'),
      cell: (operator) => (
        <StatusBadge
          status={operator.disabled ? 'DISABLED' : 'ACTIVE'}
          label={operator.disabled ? t('operators.statusDisabled') : t('operators.statusActive')}
        />
      ),
    },
    {
      header: t('operators.creditLimitColumn'),
      numeric: true,
      cell: (operator) =>
        operator.manualCreditLimit === null ? (
          <span className="muted">{t('operators.creditLimitDefault')}</span>
        ) : (
          formatMoney(operator.manualCreditLimit)
        ),
    },
    {
      header: t('operators.lastLogin'),
      cell: (operator) => (operator.lastLoginAt ? formatDateTime(operator.lastLoginAt) : t('operators.never')),
    },
    { header: t('operators.createdAt'), cell: (operator) => formatDateTime(operator.createdAt) },
  ];

  return (
    <Catalogue
      level="page"
      state={catalogue}
      title={t('operators.title')}
      intro={t('operators.subtitle')}
      addLabel={t('operators.add')}
      query={operators}
      columns={columns}
      rowKey={(operator) => operator.id}
      rowTestId="operator-row"
      edit={{ header: t('operators.actions'), label: t('operators.edit'), name: (operator) => operator.username }}
      form={(operator) =>
        operator ? (
          <EditOperatorDialog
            operator={operator}
            isSelf={operator.id === selfId}
            onClose={catalogue.close}
            onDone={() => catalogue.done(t('operators.saved', { username: operator.username }))}
          />
        ) : (
          <CreateOperatorDialog
            onClose={catalogue.close}
            onDone={(username) => catalogue.done(t('operators.created', { username }))}
          />
        )
      }
    />
  );
}
