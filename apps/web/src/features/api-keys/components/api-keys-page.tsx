import type { ApiKey, CreatedApiKey } from '@doppel/contracts';
import { FlaskConical, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { startCreateAccount } from '@/lib/notify';
import { useSession } from '@/lib/services';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useApiKeys, useDeleteApiKey, useRevokeApiKey, useTestApiKey } from '../api/api-keys-api';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { McpConfig } from './mcp-config';
import { SecurityNotes } from './security-notes';
import { TestKeyDialog } from './test-key-dialog';

/**
 * /api (desktop): the keys with their actions, the create dialog, the
 * security notes and the MCP client configuration.
 *
 * The server answers a key in full only once, when it is created. This page view keeps the
 * full keys it has seen (created here, or pasted for a test) in memory, and nowhere else, so
 * they can be revealed, copied and tested until the page is left.
 */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  useDocumentTitle(t('title'));
  const { isDemo } = useSession();
  const keys = useApiKeys();
  const testKey = useTestApiKey();
  const revoke = useRevokeApiKey();
  const remove = useDeleteApiKey();

  const [fullKeys, setFullKeys] = useState<Record<string, string>>({});
  const [creating, setCreating] = useState(false);
  const [pasteFor, setPasteFor] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);

  // The confirm dialogs have no trigger: focus goes back to the button that opened them, or to
  // the heading when that button is gone (a revoked key has no Revoke, a deleted key no row).
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusReturn = {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      (opener.current?.isConnected ? opener.current : heading.current)?.focus();
    },
  };

  const remember = (id: string, fullKey: string) => setFullKeys((known) => ({ ...known, [id]: fullKey }));

  /** Resolves whether the key is the one meant and works (the toasts say which it was). */
  const runTest = async (key: ApiKey, fullKey: string): Promise<boolean> => {
    try {
      const identity = await testKey.mutateAsync({ key, fullKey });
      if (identity.keyId !== key.id) return false;
      remember(key.id, fullKey);
      return true;
    } catch {
      return false;
    }
  };

  const test = (key: ApiKey) => {
    const fullKey = fullKeys[key.id];
    if (fullKey) void runTest(key, fullKey);
    else setPasteFor(key);
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 p-6 lg:p-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {t('title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('create')}
        </Button>
      </header>

      {isDemo ? (
        <Notice variant="warning">
          <FlaskConical aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-semibold">{t('demo.title')}</p>
            <p>{t('demo.description')}</p>
            <button
              type="button"
              onClick={startCreateAccount}
              className="justify-self-start font-semibold underline underline-offset-4"
            >
              {t('demo.createAccount')}
            </button>
          </div>
        </Notice>
      ) : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div aria-busy={keys.isFetching} className="min-w-0">
          <ApiKeyList
            keys={keys}
            fullKeys={fullKeys}
            testingId={testKey.isPending ? (testKey.variables?.key.id ?? null) : null}
            onCreate={() => setCreating(true)}
            onTest={test}
            onRevoke={setRevoking}
            onDelete={setDeleting}
          />
        </div>
        <aside className="grid min-w-0 gap-4">
          <SecurityNotes />
          <McpConfig />
        </aside>
      </div>

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(created: CreatedApiKey) => remember(created.id, created.fullKey)}
      />
      <TestKeyDialog
        apiKey={pasteFor}
        busy={testKey.isPending}
        onClose={() => setPasteFor(null)}
        onTest={runTest}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('revoke.title')}
        description={t('revoke.description', { name: revoking?.name ?? '' })}
        cancelLabel={t('revoke.cancel')}
        confirmLabel={t('revoke.confirm')}
        pending={revoke.isPending}
        {...focusReturn}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete.title')}
        description={t('delete.description', { name: deleting?.name ?? '' })}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        {...focusReturn}
        onConfirm={() => {
          if (!deleting) return;
          const { id } = deleting;
          remove.mutate(id, {
            onSuccess: () =>
              setFullKeys((known) => Object.fromEntries(Object.entries(known).filter(([key]) => key !== id))),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </div>
  );
}
