import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { TransactionsPage } from '@/features/history/components/transactions-page';

/** Spec §2 /transactions: the heading 'ประวัติธุรกรรม' with its subheading, then the player's deposits and withdrawals. */
export function TransactionsRoute() {
  const { t } = useTranslation();
  return (
    <PageTitle title={t('pages.transactionsTitle')} subtitle={t('pages.transactionsSubtitle')}>
      <TransactionsPage />
    </PageTitle>
  );
}
