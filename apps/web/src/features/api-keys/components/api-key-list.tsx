import type { ApiKey } from '@doppel/contracts';
import { KeySquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { EmptyState, ListSkeleton } from '@/components/list-states';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import type { useApiKeys } from '../api/api-keys-api';
import { ApiKeyRow } from './api-key-row';

interface ApiKeyListProps {
  keys: ReturnType<typeof useApiKeys>;
  /** Full keys this page view knows, by key id. */
  fullKeys: Readonly<Record<string, string>>;
  /** The key whose test is running, if any. */
  testingId: string | null;
  onCreate: () => void;
  onTest: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

/** The user's keys, newest first, with the loading, empty and error states. */
export function ApiKeyList({
  keys,
  fullKeys,
  testingId,
  onCreate,
  onTest,
  onRevoke,
  onDelete,
}: ApiKeyListProps) {
  const { t } = useTranslation('apiKeys');

  if (keys.isPending) return <ApiKeyListSkeleton />;
  if (!keys.data) {
    return (
      <ErrorState
        message={errorMessage(keys.error, t('list.loadFailed'))}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
      />
    );
  }
  if (keys.data.items.length === 0) return <ApiKeyListEmpty onCreate={onCreate} />;

  return (
    <ul aria-label={t('list.label')} className="grid gap-3">
      {keys.data.items.map((key) => (
        <ApiKeyRow
          key={key.id}
          apiKey={key}
          fullKey={fullKeys[key.id]}
          testing={testingId === key.id}
          onTest={onTest}
          onRevoke={onRevoke}
          onDelete={onDelete}
        />
      ))}
    </ul>
  );
}

/** Key-shaped placeholders at the rows' size, so nothing jumps when the keys arrive. */
function ApiKeyListSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation('apiKeys');
  return (
    <ListSkeleton
      label={t('list.loading')}
      count={rows}
      className="grid gap-3"
      itemClassName="grid gap-4 rounded-lg border p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-1/4" />
        </div>
        <Skeleton className="h-8 w-56" />
      </div>
      <Skeleton className="h-9 w-full" />
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-24 rounded-full" />
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <Skeleton className="h-8 w-full" />
    </ListSkeleton>
  );
}

/** No keys yet: one line and the primary action. */
function ApiKeyListEmpty({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <EmptyState
      icon={KeySquare}
      title={t('list.empty')}
      hint={t('list.emptyHint')}
      action={{ label: t('create'), onClick: onCreate }}
    />
  );
}
