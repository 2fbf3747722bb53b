import { BrowserRouter } from 'react-router';
import type { AppInstance } from './create-app';
import { NavigationBridge } from './navigation-bridge';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ app }: { app: AppInstance }) {
  return (
    <AppProviders services={app.services} queryClient={app.queryClient}>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
