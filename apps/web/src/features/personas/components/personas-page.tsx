import type { Persona } from '@doppel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useIsDesktop } from '@/lib/use-media-query';
import { usePersonas } from '../api/personas-api';
import { CreatePersonaDialog } from './create-persona-dialog';
import { DesktopPersonas } from './desktop-personas';
import { MobilePersonas } from './mobile-personas';

/** The URL parameter holding the open persona, so a reload or a shared link shows it again. */
const SELECTED_PARAM = 'persona';

/** /high-concept: the user's personas, their profiles and message templates. */
export function PersonasPage() {
  const { t } = useTranslation('personas');
  useDocumentTitle(t('title'));
  const personas = usePersonas();
  const isDesktop = useIsDesktop();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get(SELECTED_PARAM);
  const [creating, setCreating] = useState(false);

  const open = (persona: Pick<Persona, 'id'>) => setParams({ [SELECTED_PARAM]: persona.id });
  const close = () => setParams({}, { replace: true });

  const shared = { personas, selectedId, onOpen: open, onClose: close, onCreate: () => setCreating(true) };
  return (
    <>
      {isDesktop ? <DesktopPersonas {...shared} /> : <MobilePersonas {...shared} />}
      <CreatePersonaDialog open={creating} onOpenChange={setCreating} onCreated={open} />
    </>
  );
}

export interface PersonasViewProps {
  personas: ReturnType<typeof usePersonas>;
  selectedId: string | null;
  onOpen: (persona: Pick<Persona, 'id'>) => void;
  onClose: () => void;
  onCreate: () => void;
}
