import '@/styles/tokens.css';
import '@/styles/fonts.css';
import '@/styles/language-names.css';
import '@/styles/base.css';
import '@/styles/buttons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/index';
import { initI18n } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

initI18n().finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
