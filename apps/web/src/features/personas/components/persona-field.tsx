import type { Persona } from '@doppel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import type { DraftValue, FieldSpec, MapGroup, MapRow } from '../utils/persona-fields';
import { ChipsEditor, GroupsEditor, MapEditor, TEXTAREA_CLASSES } from './field-controls';

const TEXT_MAX: Partial<Record<string, number>> = { name: 200, avatarUrl: 2000 };
const SHORT_TEXT = 300;
const LONG_TEXT = 5000;

function NotSet() {
  const { t } = useTranslation('personas');
  return <span className="text-muted-foreground italic">{t('detail.notSet')}</span>;
}

function KeyValueList({ map }: { map: Record<string, string> }) {
  return (
    <dl className="grid gap-1.5">
      {Object.entries(map).map(([key, value]) => (
        <div key={key} className="grid gap-x-3 sm:grid-cols-[minmax(0,12rem)_1fr]">
          <dt className="font-medium">{key}</dt>
          <dd className="whitespace-pre-line text-muted-foreground">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A saved value as it reads best: chips for lists, rows for maps, "Not set" when empty. */
function FieldValue({ spec, persona }: { spec: FieldSpec; persona: Persona }) {
  const { t } = useTranslation('personas');
  const value = persona[spec.name];
  switch (spec.kind) {
    case 'list': {
      const items = value as string[];
      if (items.length === 0) return <NotSet />;
      return (
        <ul aria-label={t(`fields.${spec.name}`)} className="flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item}>
              <Badge variant={spec.name === 'brandTaglines' ? 'soft' : 'outline'} className="text-foreground">
                {item}
              </Badge>
            </li>
          ))}
        </ul>
      );
    }
    case 'map': {
      const map = value as Record<string, string>;
      return Object.keys(map).length === 0 ? <NotSet /> : <KeyValueList map={map} />;
    }
    case 'mapOfMaps': {
      const groups = Object.entries(value as Record<string, Record<string, string>>);
      if (groups.length === 0) return <NotSet />;
      return (
        <div className="grid gap-3">
          {groups.map(([name, map]) => (
            <section key={name} aria-label={name} className="grid gap-1.5 rounded-md border p-3">
              <h4 className="font-semibold">{name}</h4>
              {Object.keys(map).length === 0 ? <NotSet /> : <KeyValueList map={map} />}
            </section>
          ))}
        </div>
      );
    }
    case 'select':
      return <>{t(`${spec.optionsKey!}.${value as string}` as 'status.active')}</>;
    case 'url':
      return value ? (
        <a
          href={value as string}
          target="_blank"
          rel="noreferrer noopener"
          className="break-all text-primary underline-offset-4 hover:underline"
        >
          {value as string}
        </a>
      ) : (
        <NotSet />
      );
    default:
      return value ? <span className="whitespace-pre-line">{value as string}</span> : <NotSet />;
  }
}

export function PersonaFieldView({ spec, persona }: { spec: FieldSpec; persona: Persona }) {
  const { t } = useTranslation('personas');
  return (
    <div className={cn('grid content-start gap-1', spec.wide && 'md:col-span-2')}>
      <dt className="text-xs font-medium text-muted-foreground">{t(`fields.${spec.name}`)}</dt>
      <dd className="text-sm break-words">
        <FieldValue spec={spec} persona={persona} />
      </dd>
    </div>
  );
}

interface PersonaFieldEditorProps {
  spec: FieldSpec;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  /** Already-translated error text. */
  error?: string;
}

/** The control a field's type asks for. */
export function PersonaFieldEditor({ spec, value, onChange, error }: PersonaFieldEditorProps) {
  const { t } = useTranslation('personas');
  const label = t(`fields.${spec.name}`);
  let control: ReactNode;
  switch (spec.kind) {
    case 'list':
      control = <ChipsEditor label={label} items={value as string[]} onChange={onChange} error={error} />;
      break;
    case 'map':
      control = <MapEditor label={label} rows={value as MapRow[]} onChange={onChange} error={error} />;
      break;
    case 'mapOfMaps':
      control = <GroupsEditor label={label} groups={value as MapGroup[]} onChange={onChange} error={error} />;
      break;
    case 'select':
      control = (
        <FormField label={label} error={error}>
          {(props) => (
            <Select {...props} value={value as string} onChange={(event) => onChange(event.target.value)}>
              {spec.options!.map((option) => (
                <option key={option} value={option}>
                  {t(`${spec.optionsKey!}.${option}` as 'status.active')}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      );
      break;
    case 'textarea':
      control = (
        <FormField label={label} error={error}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={LONG_TEXT}
              className={TEXTAREA_CLASSES}
              value={value as string}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </FormField>
      );
      break;
    default:
      control = (
        <FormField label={label} error={error}>
          {(props) => (
            <Input
              {...props}
              type={spec.kind === 'url' ? 'url' : 'text'}
              maxLength={TEXT_MAX[spec.name] ?? SHORT_TEXT}
              autoComplete="off"
              aria-required={spec.name === 'name' || undefined}
              value={value as string}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </FormField>
      );
  }
  return <div className={cn('min-w-0', spec.wide && 'md:col-span-2')}>{control}</div>;
}
