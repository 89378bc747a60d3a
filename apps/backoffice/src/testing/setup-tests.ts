import { resetBetweenTests } from '@app/web-kit/testing/dom-setup';
import { i18n, initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';

resetBetweenTests({
  i18n,
  initI18n,
  queryClient,
  resetStores: () => useSessionStore.setState({ session: null, endedBecause: null }),
});
