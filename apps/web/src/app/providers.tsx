import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ServicesProvider, type Services } from '@/lib/services';
import { ToasterHost } from '@/components/toaster-host';

interface AppProvidersProps {
  services: Services;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ services, queryClient, children }: AppProvidersProps) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterHost />
      </QueryClientProvider>
    </ServicesProvider>
  );
}
