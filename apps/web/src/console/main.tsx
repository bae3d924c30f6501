import { createRoot } from 'react-dom/client';
import { StrictMode } from 'react';
import { initConsoleI18n } from '../lib/i18n/console';
import { connectOperatorSession } from '../stores/operator-session';
import './console.css';

connectOperatorSession();
void Promise.all([import('./ConsoleApp'), initConsoleI18n()]).then(([{ ConsoleApp }]) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <ConsoleApp />
    </StrictMode>,
  );
});
