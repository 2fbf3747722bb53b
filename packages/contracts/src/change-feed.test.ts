import { describe, expect, it } from 'vitest';
import {
  allChangeQueryKeys,
  changeEventQueryKeys,
  changeTouches,
  isChangeEvent,
  serverOnlyChangeEvents,
  type ChangeEventType,
} from './change-feed';
import { userEventSchema } from './events';

const types = Object.keys(changeEventQueryKeys) as ChangeEventType[];

describe('the change feed contract', () => {
  it('streams to browsers exactly the events that are not server-only, each with a schema', () => {
    const streamed = types.filter((type) => !serverOnlyChangeEvents.has(type)).sort();
    expect(userEventSchema.options.map((option) => option.shape.type.value).sort()).toEqual(streamed);
  });

  it('names what each change makes stale, for the web app and the server caches alike', () => {
    expect(changeTouches('task.created', 'tasks')).toBe(true);
    expect(changeTouches('contact.changed', 'tasks')).toBe(true);
    expect(changeTouches('signal.changed', 'tasks')).toBe(true);
    expect(changeTouches('campaign.updated', 'campaigns')).toBe(true);
    expect(changeTouches('campaign.updated', 'tasks')).toBe(false);
    expect(changeTouches('document.changed', 'campaigns')).toBe(false);
    // After a reconnection every key is refetched once.
    const keys = allChangeQueryKeys.map((key) => key.join('/'));
    expect(new Set(keys).size).toBe(keys.length);
    for (const type of types) {
      for (const key of changeEventQueryKeys[type]) expect(keys).toContain(key.join('/'));
    }
  });

  it('recognises only the events it knows', () => {
    expect(isChangeEvent({ type: 'task.updated', taskId: 't' })).toBe(true);
    expect(isChangeEvent({ type: 'session.changed' })).toBe(true);
    expect(isChangeEvent({ type: 'toString' })).toBe(false);
    expect(isChangeEvent({ type: 'tasks.changed', userId: 'u' })).toBe(false);
    expect(isChangeEvent('task.updated')).toBe(false);
    expect(isChangeEvent(null)).toBe(false);
  });
});
