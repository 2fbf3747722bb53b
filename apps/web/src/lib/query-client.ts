import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const FIVE_MINUTES = 5 * 60 * 1000;

/** Defaults: cached five minutes, one retry — but never retry what cannot change (4xx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429)
            return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
