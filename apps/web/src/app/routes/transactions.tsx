import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';

/** Spec §2 /transactions: the heading of the transaction history page. */
export function TransactionsRoute() {
  const { t } = useTranslation();
  return <PageTitle title={t('pages.transactionsTitle')} subtitle={t('pages.transactionsSubtitle')} />;
}
