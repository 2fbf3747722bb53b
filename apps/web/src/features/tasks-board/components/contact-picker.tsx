import type { Contact } from '@doppel/contracts';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useContacts } from '../api/get-contacts';

/** Above this many contacts the picker offers a search box (the server filters by name and company). */
export const CONTACT_SEARCH_THRESHOLD = 8;
const SEARCH_DELAY_MS = 250;

interface ContactPickerProps {
  /** The chosen contact's id, '' for none. */
  value: string;
  onChange: (contactId: string) => void;
  onBlur?: () => void;
  /** Ties the select to its label, hint and error (from FormField). */
  control: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
}

function optionLabel(contact: Pick<Contact, 'name' | 'company'>): string {
  return contact.company ? `${contact.name} — ${contact.company}` : contact.name;
}

/**
 * An optional contact for a new task, from GET /api/contacts: a native select (keyboards, screen
 * readers and phones handle it), with a search box in front of it once the list is long.
 */
export function ContactPicker({ value, onChange, onBlur, control }: ContactPickerProps) {
  const { t } = useTranslation('tasksBoard');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const all = useContacts('');
  const matching = useContacts(query, { enabled: query !== '' });
  // The chosen contact stays an option even when a later search does not match it.
  const [chosen, setChosen] = useState<Contact | null>(null);

  const listed = (query ? matching.data?.items : all.data?.items) ?? [];
  const options =
    chosen && chosen.id === value && !listed.some((c) => c.id === chosen.id) ? [chosen, ...listed] : listed;
  const searchable = search !== '' || (all.data?.items.length ?? 0) > CONTACT_SEARCH_THRESHOLD;
  const loading = all.isPending;

  let status: string | null = null;
  if (all.isError) status = t('form.contactsFailed');
  else if (query && matching.data && matching.data.items.length === 0)
    status = t('form.noMatches', { query });

  return (
    <div className="grid gap-2">
      {searchable ? (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label={t('form.searchContacts')}
            placeholder={t('form.searchContacts')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
            autoComplete="off"
          />
        </div>
      ) : null}
      <Select
        {...control}
        value={value}
        disabled={loading}
        onBlur={onBlur}
        onChange={(event) => {
          const id = event.target.value;
          setChosen(options.find((contact) => contact.id === id) ?? null);
          onChange(id);
        }}
      >
        <option value="">{loading ? t('form.contactsLoading') : t('form.noContact')}</option>
        {options.map((contact) => (
          <option key={contact.id} value={contact.id}>
            {optionLabel(contact)}
          </option>
        ))}
      </Select>
      <p className="text-xs text-muted-foreground empty:hidden" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
