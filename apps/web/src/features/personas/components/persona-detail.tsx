import type { Persona, PersonaField } from '@doppel/contracts';
import { ArrowLeft, Check, Mic, Pencil, Sparkles, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import {
  useDeletePersona,
  useMakeTwinVoice,
  usePersona,
  usePersonaStats,
  useStartHighConceptAnalysis,
  useUpdatePersona,
} from '../api/personas-api';
import {
  changedFields,
  DETAIL_TABS,
  FIELDS_BY_TAB,
  serverFieldErrors,
  tabOfField,
  toDraft,
  type DetailTab,
  type DraftValue,
  type FieldErrors,
  type PersonaDraft,
} from '../utils/persona-fields';
import { DomainBadge, PersonaFlags, StatusBadge } from './persona-badges';
import { PersonaAvatar } from './persona-avatar';
import { PersonaFieldEditor, PersonaFieldView } from './persona-field';
import { ProposalReviewDialog } from './proposal-review-dialog';
import { TemplatesTab } from './templates-tab';

/** The URL parameter holding the High Concept Analysis task under review. */
const PROPOSAL_PARAM = 'proposal';

interface PersonaDetailProps {
  id: string;
  onBack: () => void;
  /** After the persona was deleted: the caller goes back to the list. */
  onDeleted: () => void;
  /** Renders the persona's name as the screen's title (an h1 on desktop, the dialog title on phones). */
  renderTitle: (name: string) => ReactNode;
}

/** One persona: loads it, then shows (and edits) its profile in four tabs. */
export function PersonaDetail({ id, onBack, onDeleted, renderTitle }: PersonaDetailProps) {
  const { t } = useTranslation('personas');
  const persona = usePersona(id);
  if (persona.data) {
    return (
      <LoadedPersona
        key={persona.data.id}
        persona={persona.data}
        onBack={onBack}
        onDeleted={onDeleted}
        renderTitle={renderTitle}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <BackButton onBack={onBack} />
      {persona.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">{t('detail.loading')}</span>
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : isApiError(persona.error) && persona.error.code === 'not_found' ? (
        <Notice variant="neutral">{t('detail.notFound')}</Notice>
      ) : (
        <ErrorState
          message={errorMessage(persona.error, t('errors.loadOne'))}
          onRetry={() => void persona.refetch()}
          retrying={persona.isFetching}
        />
      )}
    </div>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('personas');
  return (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      {t('detail.back')}
    </Button>
  );
}

function LoadedPersona({
  persona,
  onBack,
  onDeleted,
  renderTitle,
}: {
  persona: Persona;
  onBack: () => void;
  onDeleted: () => void;
  renderTitle: (name: string) => ReactNode;
}) {
  const { t } = useTranslation('personas');
  const [tab, setTab] = useState<DetailTab>('overview');
  const [draft, setDraft] = useState<PersonaDraft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const update = useUpdatePersona(persona.id);
  const twinVoice = useMakeTwinVoice(persona.id);
  const remove = useDeletePersona(persona.id);
  const analysis = useStartHighConceptAnalysis(persona.id);
  const editing = draft !== null;
  // The proposal under review lives in the URL, so the Assistant can link straight to it.
  const [params, setParams] = useSearchParams();
  const proposalTaskId = params.get(PROPOSAL_PARAM);
  const setProposal = (taskId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (taskId) next.set(PROPOSAL_PARAM, taskId);
        else next.delete(PROPOSAL_PARAM);
        return next;
      },
      { replace: taskId === null },
    );

  const startEditing = () => {
    setDraft(toDraft(persona));
    setErrors({});
    if (tab === 'templates') setTab('overview');
  };
  const cancel = () => {
    setDraft(null);
    setErrors({});
  };
  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = Object.keys(next)[0];
    const errorTab = first ? tabOfField(first) : undefined;
    if (errorTab && errorTab !== tab && !Object.keys(next).some((name) => tabOfField(name) === tab)) {
      setTab(errorTab);
    }
  };

  const save = async () => {
    if (!draft) return;
    const { changes, errors: clientErrors } = changedFields(persona, draft);
    if (Object.keys(clientErrors).length > 0) {
      showErrors(clientErrors);
      return;
    }
    if (Object.keys(changes).length === 0) {
      cancel();
      return;
    }
    try {
      await update.mutateAsync(changes);
    } catch (error) {
      // The edits stay on screen so nothing typed is lost; the fields the server named are marked.
      const fields = isApiError(error) && error.fields ? serverFieldErrors(error.fields) : {};
      if (Object.keys(fields).length > 0) showErrors(fields);
      else notifyError(error, t('errors.save'));
      return;
    }
    cancel();
  };

  const setField = (name: PersonaField, value: DraftValue) => {
    setDraft((current) => (current ? { ...current, [name]: value } : current));
    if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const deletePersona = async () => {
    try {
      await remove.mutateAsync();
    } catch {
      return; // Toasted by the mutation; the dialog stays for another try.
    }
    setConfirmingDelete(false);
    onDeleted();
  };

  const work = [persona.position, persona.companyName].filter(Boolean).join(' · ');
  return (
    <article className="grid gap-5" aria-label={persona.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton onBack={onBack} />
        <div className="flex flex-wrap items-center gap-2">
          {editing ? (
            <>
              <Button variant="outline" onClick={cancel} disabled={update.isPending}>
                <X aria-hidden="true" />
                {t('detail.cancel')}
              </Button>
              <Button onClick={() => void save()} loading={update.isPending}>
                {update.isPending ? null : <Check aria-hidden="true" />}
                {update.isPending ? t('detail.saving') : t('detail.save')}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outline"
                onClick={() => analysis.mutate(undefined, { onSuccess: (task) => setProposal(task.id) })}
                loading={analysis.isPending}
              >
                {analysis.isPending ? null : <Sparkles aria-hidden="true" />}
                {t('proposal.start')}
              </Button>
              {persona.isTwinVoice ? null : (
                <Button variant="outline" onClick={() => twinVoice.mutate()} loading={twinVoice.isPending}>
                  {twinVoice.isPending ? null : <Mic aria-hidden="true" />}
                  {t('detail.useAsTwinVoice')}
                </Button>
              )}
              <Button variant="outline" onClick={() => setConfirmingDelete(true)}>
                <Trash2 aria-hidden="true" />
                {t('detail.delete')}
              </Button>
              <Button onClick={startEditing}>
                <Pencil aria-hidden="true" />
                {t('detail.edit')}
              </Button>
            </>
          )}
        </div>
      </div>

      <header className="flex items-start gap-4">
        <PersonaAvatar persona={persona} large />
        <div className="grid min-w-0 gap-1">
          {renderTitle(persona.name)}
          {work ? <p className="text-sm text-muted-foreground">{work}</p> : null}
          <div className="flex flex-wrap items-center gap-1.5 pt-1">
            <DomainBadge domainType={persona.domainType} />
            <StatusBadge status={persona.status} />
            <PersonaFlags persona={persona} />
          </div>
        </div>
      </header>

      <Tabs value={tab} onValueChange={(value) => setTab(value as DetailTab)} className="grid gap-4">
        <TabsList aria-label={t('detail.sections')} className="max-w-full justify-self-start overflow-x-auto">
          {DETAIL_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {(['overview', 'highConcept', 'brandBible'] as const).map((value) => (
          <TabsContent key={value} value={value} className="grid gap-5 rounded-lg">
            {value === 'overview' ? <PersonaStatsRow id={persona.id} /> : null}
            {draft ? (
              <div className="grid gap-4 md:grid-cols-2">
                {FIELDS_BY_TAB[value].map((spec) => (
                  <PersonaFieldEditor
                    key={spec.name}
                    spec={spec}
                    value={draft[spec.name]}
                    onChange={(next) => setField(spec.name, next)}
                    error={
                      errors[spec.name] ? t(`errors.${errors[spec.name]}` as 'errors.invalid') : undefined
                    }
                  />
                ))}
              </div>
            ) : (
              <dl className="grid gap-4 md:grid-cols-2">
                {FIELDS_BY_TAB[value].map((spec) => (
                  <PersonaFieldView key={spec.name} spec={spec} persona={persona} />
                ))}
              </dl>
            )}
          </TabsContent>
        ))}
        <TabsContent value="templates" className="rounded-lg">
          <TemplatesTab personaId={persona.id} />
        </TabsContent>
      </Tabs>

      {proposalTaskId ? (
        <ProposalReviewDialog persona={persona} taskId={proposalTaskId} onClose={() => setProposal(null)} />
      ) : null}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        pending={remove.isPending}
        title={t('delete.title')}
        description={t('delete.description', { name: persona.name })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        onConfirm={() => void deletePersona()}
      />
    </article>
  );
}

function PersonaStatsRow({ id }: { id: string }) {
  const { t, i18n } = useTranslation('personas');
  const stats = usePersonaStats(id);
  const format = (value: number | undefined) =>
    value === undefined ? '—' : new Intl.NumberFormat(i18n.language).format(value);
  return (
    <dl
      aria-label={t('stats.label')}
      aria-busy={stats.isPending}
      className="grid grid-cols-2 gap-3 sm:max-w-md"
    >
      {(['contacts', 'messages'] as const).map((key) => (
        <div key={key} className="grid gap-0.5 rounded-lg border bg-subtle px-4 py-3">
          <dt className="text-xs font-medium text-muted-foreground">{t(`stats.${key}`)}</dt>
          <dd className="text-2xl font-semibold tabular-nums">
            {stats.isError ? t('stats.unavailable') : format(stats.data?.[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
