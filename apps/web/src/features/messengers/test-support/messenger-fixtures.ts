import type { MessengerConnection, MessengerPlatform } from '@doppel/contracts';

const IDS: Record<MessengerPlatform, string> = {
  telegram: '1d6f0c8e-2b4a-4c1d-9e3f-5a6b7c8d9e01',
  whatsapp: '2e7a1d9f-3c5b-4d2e-8f4a-6b7c8d9e0f12',
  discord: '3f8b2e0a-4d6c-4e3f-9a5b-7c8d9e0f1a23',
  slack: '4a9c3f1b-5e7d-4f4a-8b6c-8d9e0f1a2b34',
  email: '5b0d4a2c-6f8e-4a5b-9c7d-9e0f1a2b3c45',
};

/** A live connection as GET /api/messengers returns it. */
export function makeConnection(
  platform: MessengerPlatform,
  overrides: Partial<MessengerConnection> = {},
): MessengerConnection {
  const email = platform === 'email';
  return {
    id: IDS[platform],
    platform,
    username: email ? 'ada@example.com' : `doppel_${platform}_bot`,
    isConnected: true,
    permissions: ['read_messages', 'send_messages'],
    lastSyncAt: null,
    health: { status: 'ok', checkedAt: '2026-03-14T09:00:00.000Z', error: null },
    credentialHints: {},
    inbound: { url: `https://doppel.example/webhooks/${platform}/${IDS[platform]}`, registered: false },
    // A mailbox is read by Doppel itself; the other platforms have no mailbox to read.
    mailbox: email ? { state: 'idle', done: 0, total: 0, error: null } : null,
    isSample: false,
    createdAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}
