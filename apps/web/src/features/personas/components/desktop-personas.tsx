import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { PersonaCard } from './persona-card';
import { PersonaDetail } from './persona-detail';
import { PersonaListEmpty, PersonaListSkeleton } from './persona-list-states';
import type { PersonasViewProps } from './personas-page';

/** Desktop: a card grid of the personas; an open persona's detail takes the grid's place. */
export function DesktopPersonas({ personas, selectedId, onOpen, onClose, onCreate }: PersonasViewProps) {
  const { t } = useTranslation('personas');

  if (selectedId) {
    return (
      <div className="mx-auto w-full max-w-5xl p-6 lg:p-8">
        <PersonaDetail
          id={selectedId}
          onBack={onClose}
          onDeleted={onClose}
          renderTitle={(name) => (
            <h1 className="text-2xl font-semibold tracking-tight break-words">{name}</h1>
          )}
        />
      </div>
    );
  }

  let content;
  if (personas.isPending) {
    content = <PersonaListSkeleton />;
  } else if (!personas.data) {
    content = (
      <ErrorState
        message={errorMessage(personas.error, t('errors.load'))}
        onRetry={() => void personas.refetch()}
        retrying={personas.isFetching}
      />
    );
  } else if (personas.data.items.length === 0) {
    content = <PersonaListEmpty onCreate={onCreate} />;
  } else {
    content = (
      <ul aria-label={t('list.label')} className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {personas.data.items.map((persona) => (
          <PersonaCard key={persona.id} persona={persona} onOpen={onOpen} />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t('create')}
        </Button>
      </header>
      <div aria-busy={personas.isFetching}>{content}</div>
    </div>
  );
}
