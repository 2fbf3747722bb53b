import { Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { MapGroup, MapRow } from '../utils/persona-fields';

export const TEXTAREA_CLASSES =
  'min-h-20 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

/** A group of controls under one visible label, with its error announced. */
export function FieldGroup({
  label,
  error,
  errorId,
  children,
}: {
  label: string;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1.5 text-sm leading-none font-medium">{label}</legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface ChipsEditorProps {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  error?: string;
  /** Refuses an item before it becomes a chip (a variable name, say); returns the error text. */
  validate?: (item: string) => string | undefined;
  maxLength?: number;
}

/** A list as chips: type and press Enter (or Add) to add, × to remove. */
export function ChipsEditor({ label, items, onChange, error, validate, maxLength = 300 }: ChipsEditorProps) {
  const { t } = useTranslation('personas');
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const errorId = useId();
  const shownError = localError ?? error;

  const add = () => {
    const item = text.trim();
    if (!item) return;
    const problem = validate?.(item);
    if (problem) {
      setLocalError(problem);
      return;
    }
    if (!items.includes(item)) onChange([...items, item]);
    setText('');
    setLocalError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // Adds the chip instead of submitting the form.
      add();
    } else if (event.key === 'Backspace' && text === '' && items.length > 0) {
      onChange(items.slice(0, -1));
    }
  };

  return (
    <FieldGroup label={label} error={shownError} errorId={errorId}>
      {items.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item}>
              <Badge variant="outline" className="gap-0.5 py-0 pr-0 text-foreground">
                <span className="max-w-60 truncate py-0.5">{item}</span>
                <button
                  type="button"
                  aria-label={t('edit.removeItem', { item })}
                  onClick={() => onChange(items.filter((other) => other !== item))}
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          value={text}
          maxLength={maxLength}
          aria-label={t('edit.addItemTo', { field: label })}
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? errorId : undefined}
          placeholder={t('edit.addItemPlaceholder')}
          onChange={(event) => {
            setText(event.target.value);
            setLocalError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <Button variant="outline" onClick={add} aria-label={t('edit.addItemTo', { field: label })}>
          <Plus aria-hidden="true" />
          {t('edit.add')}
        </Button>
      </div>
    </FieldGroup>
  );
}

interface RowsEditorProps {
  /** Names the rows' controls: "<label>: key 2". */
  label: string;
  rows: MapRow[];
  onChange: (rows: MapRow[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Key/value rows of a map: add a row, edit it, remove it. */
export function RowsEditor({ label, rows, onChange, invalid, describedBy }: RowsEditorProps) {
  const { t } = useTranslation('personas');
  const update = (index: number, patch: Partial<MapRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <div className="grid gap-2">
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <div key={index} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] items-start gap-2">
            <Input
              value={row.key}
              maxLength={100}
              aria-label={t('edit.rowKey', { field: label, index: n })}
              placeholder={t('edit.keyPlaceholder')}
              aria-invalid={invalid && !row.key.trim() && Boolean(row.value.trim())}
              aria-describedby={describedBy}
              onChange={(event) => update(index, { key: event.target.value })}
            />
            <Input
              value={row.value}
              maxLength={2000}
              aria-label={t('edit.rowValue', { field: label, index: n })}
              placeholder={t('edit.valuePlaceholder')}
              aria-describedby={describedBy}
              onChange={(event) => update(index, { value: event.target.value })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('edit.removeRow', { field: label, index: n })}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        );
      })}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-label={t('edit.addRowTo', { field: label })}
        onClick={() => onChange([...rows, { key: '', value: '' }])}
      >
        <Plus aria-hidden="true" />
        {t('edit.addRow')}
      </Button>
    </div>
  );
}

export function MapEditor({
  label,
  rows,
  onChange,
  error,
}: {
  label: string;
  rows: MapRow[];
  onChange: (rows: MapRow[]) => void;
  error?: string;
}) {
  const errorId = useId();
  return (
    <FieldGroup label={label} error={error} errorId={errorId}>
      <RowsEditor
        label={label}
        rows={rows}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
    </FieldGroup>
  );
}

/** A map of maps (the brand test plan): named groups, each with its own key/value rows. */
export function GroupsEditor({
  label,
  groups,
  onChange,
  error,
}: {
  label: string;
  groups: MapGroup[];
  onChange: (groups: MapGroup[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('personas');
  const errorId = useId();
  const update = (index: number, patch: Partial<MapGroup>) =>
    onChange(groups.map((group, at) => (at === index ? { ...group, ...patch } : group)));
  return (
    <FieldGroup label={label} error={error} errorId={errorId}>
      {groups.map((group, index) => {
        const groupLabel = t('edit.groupLabel', { field: label, index: index + 1 });
        return (
          <div key={index} role="group" aria-label={groupLabel} className="grid gap-2 rounded-md border p-3">
            <div className="flex items-center gap-2">
              <Input
                value={group.name}
                maxLength={100}
                aria-label={t('edit.groupName', { group: groupLabel })}
                placeholder={t('edit.groupNamePlaceholder')}
                aria-invalid={Boolean(error) && !group.name.trim()}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => update(index, { name: event.target.value })}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('edit.removeGroup', { group: groupLabel })}
                onClick={() => onChange(groups.filter((_, at) => at !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <RowsEditor label={groupLabel} rows={group.rows} onChange={(rows) => update(index, { rows })} />
          </div>
        );
      })}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-label={t('edit.addGroupTo', { field: label })}
        onClick={() => onChange([...groups, { name: '', rows: [{ key: '', value: '' }] }])}
      >
        <Plus aria-hidden="true" />
        {t('edit.addGroup')}
      </Button>
    </FieldGroup>
  );
}
