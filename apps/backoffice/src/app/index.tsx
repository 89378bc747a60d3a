import { BACKOFFICE_BASE_PATH } from '@app/contracts/paths';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

export function App() {
  return (
    <BrowserRouter basename={BACKOFFICE_BASE_PATH.replace(/\/$/, '')}>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
