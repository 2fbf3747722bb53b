import { describe, expect, it } from 'vitest';
import {
  defaultPermissionMatrix,
  endOfDayIso,
  keyStatus,
  matrixToPermissions,
  mcpClientConfig,
  permissionPairs,
  todayInputValue,
} from './api-key-format';

const NOW = Date.parse('2026-03-14T12:00:00.000Z');

describe('keyStatus', () => {
  it('is active for an active key without expiry or with one ahead', () => {
    expect(keyStatus({ isActive: true, expiresAt: null }, NOW)).toBe('active');
    expect(keyStatus({ isActive: true, expiresAt: '2026-03-15T00:00:00.000Z' }, NOW)).toBe('active');
  });

  it('is expired once the expiry has passed, and revoked whenever the key is inactive', () => {
    expect(keyStatus({ isActive: true, expiresAt: '2026-03-14T12:00:00.000Z' }, NOW)).toBe('expired');
    expect(keyStatus({ isActive: false, expiresAt: null }, NOW)).toBe('revoked');
    expect(keyStatus({ isActive: false, expiresAt: '2026-01-01T00:00:00.000Z' }, NOW)).toBe('revoked');
  });
});

describe('permissions', () => {
  it('start from the default access the create dialog states', () => {
    expect(matrixToPermissions(defaultPermissionMatrix())).toEqual([
      { resource: 'contacts', actions: ['read'] },
      { resource: 'messages', actions: ['read'] },
      { resource: 'knowledge_base', actions: ['read'] },
    ]);
  });

  it('leave out resources with nothing ticked and keep read before write', () => {
    const matrix = defaultPermissionMatrix();
    matrix.contacts = { read: false, write: false };
    matrix.ai_models = { read: true, write: true };
    expect(matrixToPermissions(matrix)).toEqual([
      { resource: 'messages', actions: ['read'] },
      { resource: 'knowledge_base', actions: ['read'] },
      { resource: 'ai_models', actions: ['read', 'write'] },
    ]);
  });

  it('list as pairs in the matrix order, whatever order the server sent', () => {
    expect(
      permissionPairs([
        { resource: 'ai_models', actions: ['write'] },
        { resource: 'contacts', actions: ['write', 'read'] },
      ]),
    ).toEqual([
      { resource: 'contacts', action: 'read' },
      { resource: 'contacts', action: 'write' },
      { resource: 'ai_models', action: 'write' },
    ]);
  });
});

describe('expiry days', () => {
  it('end at the last millisecond of the local day', () => {
    expect(endOfDayIso('2026-05-01')).toBe(new Date(2026, 4, 1, 23, 59, 59, 999).toISOString());
  });

  it('refuse text that is not a real day', () => {
    expect(endOfDayIso('')).toBeNull();
    expect(endOfDayIso('2026-02-31')).toBeNull();
    expect(endOfDayIso('01.05.2026')).toBeNull();
  });

  it('offer today, local time, as the earliest day', () => {
    expect(todayInputValue(new Date(2026, 0, 5, 8, 30))).toBe('2026-01-05');
  });
});

describe('mcpClientConfig', () => {
  it('points an MCP client at /mcp of this origin with the key as a bearer', () => {
    expect(JSON.parse(mcpClientConfig('https://doppel.example', '<your key>'))).toEqual({
      mcpServers: {
        doppel: {
          url: 'https://doppel.example/mcp',
          headers: { Authorization: 'Bearer <your key>' },
        },
      },
    });
  });
});
