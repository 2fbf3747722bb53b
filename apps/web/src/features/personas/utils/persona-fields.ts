import {
  personaDomainTypes,
  personaStatuses,
  type Persona,
  type PersonaField,
  type PersonaFields,
  type UpdatePersonaInput,
} from '@doppel/contracts';
import { FORM_MESSAGES } from '@/components/form/field-messages';

/** How a field is shown and edited: the control follows the contract's type. */
export type FieldKind = 'text' | 'textarea' | 'url' | 'select' | 'list' | 'map' | 'mapOfMaps';

export interface FieldSpec {
  name: PersonaField;
  kind: FieldKind;
  /** For selects: the values, labelled personas:<optionsKey>.<value>. */
  options?: readonly string[];
  optionsKey?: 'domainType' | 'status';
  /** Spans both columns of the detail grid. */
  wide?: boolean;
}

export type DetailTab = 'overview' | 'highConcept' | 'brandBible' | 'templates';
export const DETAIL_TABS: readonly DetailTab[] = ['overview', 'highConcept', 'brandBible', 'templates'];

/** Persona profile: identity, style and values. */
const OVERVIEW: FieldSpec[] = [
  { name: 'name', kind: 'text' },
  { name: 'position', kind: 'text' },
  { name: 'companyName', kind: 'text' },
  { name: 'domainType', kind: 'select', options: personaDomainTypes, optionsKey: 'domainType' },
  { name: 'status', kind: 'select', options: personaStatuses, optionsKey: 'status' },
  { name: 'industry', kind: 'text' },
  { name: 'location', kind: 'text' },
  { name: 'careerStage', kind: 'text' },
  { name: 'avatarUrl', kind: 'url', wide: true },
  { name: 'description', kind: 'textarea', wide: true },
  { name: 'expertiseAreas', kind: 'list', wide: true },
  { name: 'coreValues', kind: 'list', wide: true },
  { name: 'communicationStyle', kind: 'textarea' },
  { name: 'primaryMotivation', kind: 'textarea' },
  { name: 'decisionMakingStyle', kind: 'textarea' },
  { name: 'leadershipStyle', kind: 'textarea' },
  { name: 'negotiationStyle', kind: 'textarea' },
  { name: 'coreConflict', kind: 'textarea' },
  { name: 'growthEdge', kind: 'textarea', wide: true },
  { name: 'domainContext', kind: 'textarea', wide: true },
  { name: 'contextTemplate', kind: 'textarea', wide: true },
  { name: 'contextualPromptTemplate', kind: 'textarea', wide: true },
];

const HIGH_CONCEPT: FieldSpec[] = [
  { name: 'highConceptGoal', kind: 'textarea', wide: true },
  { name: 'highConceptTargetAudience', kind: 'list', wide: true },
  { name: 'highConceptKeyChallenge', kind: 'textarea', wide: true },
  { name: 'highConceptPositioningNow', kind: 'textarea' },
  { name: 'highConceptPositioningFuture', kind: 'textarea' },
  { name: 'highConceptKeyMessages', kind: 'list', wide: true },
  { name: 'highConceptContentStrategy', kind: 'map', wide: true },
  { name: 'highConceptNextSteps', kind: 'list', wide: true },
];

const BRAND_BIBLE: FieldSpec[] = [
  { name: 'brandMission', kind: 'textarea', wide: true },
  { name: 'brandSlogan', kind: 'text', wide: true },
  { name: 'brandTaglines', kind: 'list', wide: true },
  { name: 'brandUsp', kind: 'list', wide: true },
  { name: 'brandPersonality', kind: 'map', wide: true },
  { name: 'brandVisualIdentity', kind: 'map', wide: true },
  { name: 'brandPersonalStyle', kind: 'textarea', wide: true },
  { name: 'brandContentThemes', kind: 'list', wide: true },
  { name: 'brandMediaStrategy', kind: 'map', wide: true },
  { name: 'brandTestPlan', kind: 'mapOfMaps', wide: true },
];

export const FIELDS_BY_TAB: Record<Exclude<DetailTab, 'templates'>, FieldSpec[]> = {
  overview: OVERVIEW,
  highConcept: HIGH_CONCEPT,
  brandBible: BRAND_BIBLE,
};

export const ALL_FIELDS: FieldSpec[] = [...OVERVIEW, ...HIGH_CONCEPT, ...BRAND_BIBLE];
const SPEC_BY_NAME = new Map(ALL_FIELDS.map((spec) => [spec.name, spec]));

export function tabOfField(name: string): DetailTab | undefined {
  for (const tab of ['overview', 'highConcept', 'brandBible'] as const) {
    if (FIELDS_BY_TAB[tab].some((spec) => spec.name === name)) return tab;
  }
  return undefined;
}

/** One key/value row of a map while it is edited: keys may be empty or repeated until saved. */
export interface MapRow {
  key: string;
  value: string;
}
/** One named group of rows (a brand test plan experiment). */
export interface MapGroup {
  name: string;
  rows: MapRow[];
}

export type DraftValue = string | string[] | MapRow[] | MapGroup[];
export type PersonaDraft = Record<PersonaField, DraftValue>;

const toRows = (map: Record<string, string>): MapRow[] =>
  Object.entries(map).map(([key, value]) => ({ key, value }));

/** The editable copy of a persona: maps become ordered rows the form can hold half-typed. */
export function toDraft(persona: PersonaFields): PersonaDraft {
  const draft = {} as PersonaDraft;
  for (const spec of ALL_FIELDS) {
    const value = persona[spec.name];
    if (spec.kind === 'map') draft[spec.name] = toRows(value as Record<string, string>);
    else if (spec.kind === 'mapOfMaps')
      draft[spec.name] = Object.entries(value as Record<string, Record<string, string>>).map(
        ([name, rows]) => ({ name, rows: toRows(rows) }),
      );
    else if (spec.kind === 'list') draft[spec.name] = [...(value as string[])];
    else draft[spec.name] = value as string;
  }
  return draft;
}

/** Field problems found before sending: field name → personas:errors.<key>. */
export type FieldErrors = Partial<Record<string, string>>;

function rowsToMap(rows: MapRow[]): { map: Record<string, string>; error?: string } {
  const map: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    if (!key && !value) continue; // An untouched new row is not an entry.
    if (!key) return { map, error: 'keyRequired' };
    if (key in map) return { map, error: 'duplicateKey' };
    map[key] = value;
  }
  return { map };
}

function draftValue(spec: FieldSpec, value: DraftValue): { value: unknown; error?: string } {
  switch (spec.kind) {
    case 'map': {
      const { map, error } = rowsToMap(value as MapRow[]);
      return { value: map, error };
    }
    case 'mapOfMaps': {
      const result: Record<string, Record<string, string>> = {};
      for (const group of value as MapGroup[]) {
        const name = group.name.trim();
        const { map, error } = rowsToMap(group.rows);
        if (error) return { value: result, error };
        if (!name && Object.keys(map).length === 0) continue;
        if (!name) return { value: result, error: 'groupNameRequired' };
        if (name in result) return { value: result, error: 'duplicateKey' };
        result[name] = map;
      }
      return { value: result };
    }
    case 'list':
      return { value: (value as string[]).map((item) => item.trim()).filter(Boolean) };
    default:
      return { value: (value as string).trim() };
  }
}

/** Equal as JSON values, ignoring the order of object keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const aKeys = Object.keys(a);
    const bRecord = b as Record<string, unknown>;
    return (
      aKeys.length === Object.keys(b).length &&
      aKeys.every((key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]))
    );
  }
  return a === b;
}

/**
 * What the PATCH should carry: the fields whose value differs from the saved persona, and the
 * problems the form can tell without the server (a required name, a map row without a key).
 */
export function changedFields(
  persona: Persona,
  draft: PersonaDraft,
): { changes: UpdatePersonaInput; errors: FieldErrors } {
  const changes: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const spec of ALL_FIELDS) {
    const { value, error } = draftValue(spec, draft[spec.name]);
    if (error) {
      errors[spec.name] = error;
      continue;
    }
    if (spec.name === 'name' && value === '') {
      errors.name = 'nameRequired';
      continue;
    }
    if (!sameValue(value, persona[spec.name])) changes[spec.name] = value;
  }
  return { changes: changes, errors };
}

/** Message keys the contracts use that have their own text (personas:errors.<key>), as the form kit reads them. */
const KNOWN_ERRORS = new Set<string>(FORM_MESSAGES.persona.keys);

/** The server names a field path ("expertiseAreas.2"); the form marks its top-level field. */
export function serverFieldErrors(fields: Record<string, string>, known?: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = path.split('.')[0] ?? path;
    if (known ? !known.includes(field) : !SPEC_BY_NAME.has(field as PersonaField)) continue;
    errors[field] ??= KNOWN_ERRORS.has(key) ? key : 'invalid';
  }
  return errors;
}
