import { describe, expect, it } from 'vitest';
import { makePersona } from '../test-support/persona-server';
import { changedFields, serverFieldErrors, toDraft, type MapGroup, type MapRow } from './persona-fields';

describe('changedFields', () => {
  it('is empty for an untouched draft, whatever the order of map keys', () => {
    const persona = makePersona({ brandPersonality: { a: '1', b: '2' }, expertiseAreas: ['x'] });
    const draft = toDraft(persona);
    draft.brandPersonality = [...(draft.brandPersonality as MapRow[])].reverse();
    expect(changedFields(persona, draft)).toEqual({ changes: {}, errors: {} });
  });

  it('trims text, drops blank rows and sends only what changed', () => {
    const persona = makePersona({ location: 'Berlin' });
    const draft = toDraft(persona);
    draft.location = '  Berlin ';
    draft.industry = ' Climate ';
    draft.highConceptContentStrategy = [
      { key: ' blog ', value: ' weekly ' },
      { key: '', value: '' },
    ];
    expect(changedFields(persona, draft)).toEqual({
      changes: { industry: 'Climate', highConceptContentStrategy: { blog: 'weekly' } },
      errors: {},
    });
  });

  it('reports a missing name, a row without a key, a repeated key and an unnamed experiment', () => {
    const persona = makePersona();
    const draft = toDraft(persona);
    draft.name = ' ';
    draft.brandPersonality = [{ key: '', value: 'warm' }];
    draft.brandVisualIdentity = [
      { key: 'colour', value: 'blue' },
      { key: 'colour', value: 'green' },
    ];
    draft.brandTestPlan = [{ name: '', rows: [{ key: 'metric', value: 'replies' }] }] satisfies MapGroup[];
    expect(changedFields(persona, draft).errors).toEqual({
      name: 'nameRequired',
      brandPersonality: 'keyRequired',
      brandVisualIdentity: 'duplicateKey',
      brandTestPlan: 'groupNameRequired',
    });
  });
});

describe('serverFieldErrors', () => {
  it('marks the top-level field and keeps only message keys it can show', () => {
    expect(
      serverFieldErrors({
        'expertiseAreas.2': 'Too big: expected string to have <=300 characters',
        avatarUrl: 'httpOnly',
        unknownField: 'invalid',
      }),
    ).toEqual({ expertiseAreas: 'invalid', avatarUrl: 'httpOnly' });
  });
});
