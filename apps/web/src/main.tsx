import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApp } from './app/create-app';
import { preloadRouteChunks } from './app/router';
import './index.css';
import { initI18n } from './lib/i18n';

const app = createApp();

// Session restore, dictionaries, the first screen's code and its first data load in parallel.
void app.services.session.initialize();
const dictionaries = initI18n();
preloadRouteChunks(window.location.pathname, app);

void dictionaries.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
});
