import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createApp } from './app/create-app';
import { preloadRouteChunks } from './app/router';
import './index.css';
import { initI18n } from './lib/i18n';

const app = createApp();

// Session restore, dictionaries and the first screen's code load in parallel.
void app.services.session.initialize();
preloadRouteChunks(window.location.pathname);

void initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App app={app} />
    </StrictMode>,
  );
});
