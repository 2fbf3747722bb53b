import { CONTACT_BOOK_PAGE_SIZE, type ContactDetail } from '@doppel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { SearchField } from '@/components/search-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useContactBook, useEditContact, useMergeContact } from '../api/contacts-api';
import { channelLabel } from '../utils/channel-label';

const LANGUAGE_CODE = /^[a-z]{2}$/i;

/** Name, company and language of a contact, in a dialog. */
export function EditContactDialog({
  contact,
  open,
  onOpenChange,
}: {
  contact: ContactDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('contacts');
  const edit = useEditContact(contact.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={edit.isPending}
      title={t('edit.title')}
      description={t('edit.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      {open ? <EditContactForm contact={contact} edit={edit} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function EditContactForm({
  contact,
  edit,
  onDone,
}: {
  contact: ContactDetail;
  edit: ReturnType<typeof useEditContact>;
  onDone: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState(contact.name);
  const [company, setCompany] = useState(contact.company ?? '');
  const [language, setLanguage] = useState(contact.language);
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? t('edit.nameRequired') : undefined;
  const languageError = tried && !LANGUAGE_CODE.test(language.trim()) ? t('edit.languageInvalid') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || !LANGUAGE_CODE.test(language.trim())) return;
    try {
      await edit.mutateAsync({
        name: name.trim(),
        company: company.trim() || null,
        language: language.trim(),
      });
    } catch {
      return; // The mutation told the user; the form keeps what they typed.
    }
    onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <FormField label={t('fields.name')} error={nameError}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={200}
              autoComplete="off"
              aria-required="true"
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('fields.company')}>
          {(control) => (
            <Input
              {...control}
              value={company}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => setCompany(event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('fields.language')} hint={t('fields.languageHint')} error={languageError}>
          {(control) => (
            <Input
              {...control}
              value={language}
              maxLength={2}
              autoComplete="off"
              className="w-24 font-mono uppercase"
              onChange={(event) => setLanguage(event.target.value.toLowerCase())}
            />
          )}
        </FormField>
      </div>
      <FormActions
        busy={edit.isPending}
        onCancel={onDone}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('edit.save')}
      />
    </form>
  );
}

/**
 * Picks the contact this one is a duplicate of and merges it there: the messages, tasks and
 * channels move, this contact goes. `onMerged` gets the contact that remains.
 */
export function MergeContactDialog({
  contact,
  open,
  onOpenChange,
  onMerged,
}: {
  contact: ContactDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: (intoId: string) => void;
}) {
  const { t } = useTranslation('contacts');
  const merge = useMergeContact();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={merge.isPending}
      title={t('merge.title', { name: contact.name })}
      description={t('merge.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-lg"
    >
      {open ? (
        <MergeForm
          contact={contact}
          merge={merge}
          onCancel={() => onOpenChange(false)}
          onMerged={(intoId) => {
            onOpenChange(false);
            onMerged(intoId);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function MergeForm({
  contact,
  merge,
  onCancel,
  onMerged,
}: {
  contact: ContactDetail;
  merge: ReturnType<typeof useMergeContact>;
  onCancel: () => void;
  onMerged: (intoId: string) => void;
}) {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState(contact.name.split(/\s+/)[0] ?? '');
  const q = useDebouncedValue(search.trim(), 250);
  const book = useContactBook(q);
  const candidates = (book.data?.pages.flatMap((page) => page.items) ?? [])
    .filter((candidate) => candidate.id !== contact.id)
    .slice(0, CONTACT_BOOK_PAGE_SIZE);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = candidates.find((candidate) => candidate.id === chosenId) ?? null;

  const submit = async () => {
    if (!chosen) return;
    try {
      await merge.mutateAsync({ fromId: contact.id, intoContactId: chosen.id });
    } catch {
      return;
    }
    onMerged(chosen.id);
  };

  return (
    // Not a form: the search field is one of its own (role search), and forms do not nest.
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid min-h-0 flex-1 gap-3 overflow-y-auto px-5 py-4">
        <SearchField
          value={search}
          onChange={setSearch}
          label={t('merge.searchLabel')}
          placeholder={t('search.placeholder')}
          clearLabel={t('search.clear')}
        />
        {book.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('loading')}
          </p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('merge.noCandidates')}</p>
        ) : (
          <fieldset className="grid gap-2">
            <legend className="sr-only">{t('merge.chooseLabel')}</legend>
            {candidates.map((candidate) => (
              <label
                key={candidate.id}
                className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="merge-into"
                  value={candidate.id}
                  checked={chosenId === candidate.id}
                  onChange={() => setChosenId(candidate.id)}
                  className="size-4 accent-primary"
                />
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{candidate.name}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[
                      candidate.company,
                      ...candidate.channels.map((channel) => channelLabel(channel.source, t)),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {chosen ? (
          <p className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
            {t('merge.consequence', {
              from: contact.name,
              into: chosen.name,
              messages: t('delete.messages', { count: contact.messageCount }),
              tasks: t('delete.tasks', { count: contact.taskCount }),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onCancel} disabled={merge.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button disabled={!chosen} loading={merge.isPending} onClick={() => void submit()}>
          {t('merge.confirm')}
        </Button>
      </div>
    </div>
  );
}
