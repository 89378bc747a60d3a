import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** The app without its router: the browser's (App, below) or, at build time, a static one (prerender.tsx). */
export function AppShell() {
  return (
    <AppProvider>
      <AppRoutes />
    </AppProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
