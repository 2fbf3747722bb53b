import type { McpServer } from '@doppel/contracts';
import { Plug, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { EmptyState } from '@/components/list-states';
import { SectionHeader } from '@/components/section-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/services';
import { useDeleteMcpServer, useMcpServers } from '../api/mcp-servers-api';
import { AddMcpServerDialog } from './add-mcp-server-dialog';
import { McpServerCard } from './mcp-server-card';

/**
 * Settings → MCP: the user's external MCP servers, each active or disabled, and an add
 * button. The agent chat offers the tools of the active ones. A demo sandbox can look only.
 */
export function McpServersTab() {
  const { t } = useTranslation('mcpServers');
  const { isDemo } = useSession();
  const servers = useMcpServers();
  const headingId = useId();
  const demoNoteId = useId();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<McpServer | null>(null);

  let body;
  if (servers.isError) {
    body = (
      <ErrorState
        message={errorMessage(servers.error, t('loadFailed'))}
        onRetry={() => void servers.refetch()}
        retrying={servers.isFetching}
      />
    );
  } else if (!servers.data) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (servers.data.items.length === 0) {
    body = <EmptyState size="section" icon={Plug} title={t('empty.title')} hint={t('empty.description')} />;
  } else {
    body = (
      <ul className="grid gap-3" aria-labelledby={headingId}>
        {servers.data.items.map((server) => (
          <McpServerCard key={server.id} server={server} canEdit={!isDemo} onDelete={setDeleting} />
        ))}
      </ul>
    );
  }

  return (
    <section className="grid gap-3" aria-labelledby={headingId}>
      <SectionHeader
        headingId={headingId}
        title={t('title')}
        description={t('description')}
        action={
          <Button
            onClick={() => setAdding(true)}
            disabled={isDemo}
            aria-describedby={isDemo ? demoNoteId : undefined}
          >
            <Plus aria-hidden="true" />
            {t('add')}
          </Button>
        }
      />
      {isDemo ? (
        <p id={demoNoteId} className="text-sm text-muted-foreground">
          {t('demoNote')}
        </p>
      ) : null}
      {body}
      <AddMcpServerDialog open={adding} onOpenChange={setAdding} />
      <DeleteDialog server={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

/** Deleting asks first. */
function DeleteDialog({ server, onClose }: { server: McpServer | null; onClose: () => void }) {
  const { t } = useTranslation('mcpServers');
  const remove = useDeleteMcpServer();
  const [shown, setShown] = useState<McpServer | null>(server);
  // Keep the name on screen while the dialog closes.
  if (server && server !== shown) setShown(server);
  const name = shown?.name ?? '';

  const confirm = () => {
    if (!server) return;
    remove.mutate(server.id, {
      onSuccess: () => {
        notifySuccess(t('toast.deleted', { name }));
        onClose();
      },
      onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.deleteFailed') }),
    });
  };

  return (
    <ConfirmDialog
      open={server !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('deleteDialog.title', { name })}
      description={t('deleteDialog.description')}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      confirmVariant="destructive"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

export default McpServersTab;
