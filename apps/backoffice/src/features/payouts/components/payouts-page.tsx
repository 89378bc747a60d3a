import './payouts.css';
import { PAYOUT_STATUSES, type PayoutItem } from '@app/contracts/payouts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { FormField } from '@/components/ui/form-field';
import { SelectFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { usePayoutActions, usePayouts } from '@/features/payouts/api/payouts';
import { usePayoutColumns } from '@/features/payouts/components/payout-columns';
import { PayoutSummaryTiles } from '@/features/payouts/components/payout-summary-tiles';
import { ReconciliationSection } from '@/features/payouts/components/reconciliation';
import { formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { useSessionStore } from '@/stores/session-store';

const DEFAULTS = { status: '' };
const BANK_REFERENCE = /^[A-Za-z0-9_.:/-]{3,100}$/;

type Action = { kind: 'retry' | 'markPaid'; payout: PayoutItem };

/**
 * Payouts through the bank connector: every approved withdrawal's
 * transfer, in flight (PENDING, UNKNOWN: the reconciler asks the bank by
 * reference), PAID with the bank's reference, or FAILED (refused: the
 * withdrawal is back in the queue). An operator asks the bank again now; an
 * admin records a refused payout paid by hand. Below: today's times and the
 * reconciliation of a day, the ledger against the bank's statement.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const payouts = usePayouts({ ...values, page });
  const { retry, markPaid, refresh } = usePayoutActions();
  const isAdmin = useSessionStore((state) => state.session?.operator.role === 'admin');
  const [action, setAction] = useState<Action | null>(null);
  const [bankReference, setBankReference] = useState('');
  const referenceId = useId();

  const statusLabel = (status: PayoutItem['status']) => t(`payouts.status.${status}`);
  const columns = usePayoutColumns(statusLabel, {
    retry: (payout) => setAction({ kind: 'retry', payout }),
    markPaid: isAdmin
      ? (payout) => {
          setBankReference('');
          setAction({ kind: 'markPaid', payout });
        }
      : undefined,
  });

  return (
    <>
      <PageHeader title={t('payouts.title')} />
      <p className="muted">{t('payouts.intro')}</p>
      <PayoutSummaryTiles />
      <div className="filter-bar">
        <SelectFilter
          label={t('common.status')}
          value={values.status}
          options={[['', t('payouts.all')], ...PAYOUT_STATUSES.map((status) => [status, statusLabel(status)] as const)]}
          onChange={(status) => set({ status })}
        />
        {payouts.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <DataTable
        query={payouts}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        columns={columns}
        rowKey={(payout) => payout.id}
        rowTestId="payout-row"
      />
      <ReconciliationSection />
      {action?.kind === 'retry' && (
        <DecisionDialog
          title={t('payouts.retryTitle')}
          confirmLabel={t('payouts.retry')}
          reason="optional"
          successText={t('payouts.retryDone')}
          onConfirm={() => retry(action.payout)}
          onSettled={refresh}
          onClose={() => setAction(null)}
        >
          <p>
            {t('payouts.retryHint', { reference: action.payout.reference, amount: formatMoney(action.payout.amount) })}
          </p>
        </DecisionDialog>
      )}
      {action?.kind === 'markPaid' && (
        <DecisionDialog
          title={t('payouts.markPaidTitle')}
          confirmLabel={t('payouts.markPaid')}
          reason="optional"
          successText={t('payouts.markPaidDone')}
          confirmDisabled={!BANK_REFERENCE.test(bankReference.trim())}
          onConfirm={({ reason }) => markPaid(action.payout, bankReference.trim(), reason)}
          onSettled={refresh}
          onClose={() => setAction(null)}
        >
          <p>
            {t('payouts.markPaidHint', {
              amount: formatMoney(action.payout.amount),
              account: `${action.payout.toBankCode} ${action.payout.toAccount}`,
              name: action.payout.toName,
            })}
          </p>
          <FormField id={referenceId} label={t('payouts.bankReferenceLabel')}>
            <input
              id={referenceId}
              value={bankReference}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setBankReference(event.target.value)}
            />
          </FormField>
        </DecisionDialog>
      )}
    </>
  );
}
