import type { McpServer, McpServerTestResult } from '@doppel/contracts';
import { FlaskConical, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n';
import { notifyError, notifyFailure, notifySuccess } from '@/lib/notify';
import { useTestMcpServer, useUpdateMcpServer } from '../api/mcp-servers-api';
import { COLOR_DOT } from '../utils/colors';

interface McpServerCardProps {
  server: McpServer;
  /** False in a demo sandbox. */
  canEdit: boolean;
  onDelete: (server: McpServer) => void;
}

/** One external MCP server: colour, name, address, description, on/off, Test and Delete. */
export function McpServerCard({ server, canEdit, onDelete }: McpServerCardProps) {
  const { t } = useTranslation('mcpServers');
  const headingId = useId();
  const update = useUpdateMcpServer();
  const test = useTestMcpServer();
  const [result, setResult] = useState<McpServerTestResult | null>(null);
  // While saving, the switch shows the state asked for.
  const active = update.isPending ? (update.variables.changes.isActive ?? server.isActive) : server.isActive;

  const toggle = (isActive: boolean) =>
    update.mutate(
      { id: server.id, changes: { isActive } },
      {
        onSuccess: () =>
          notifySuccess(t(isActive ? 'toast.activated' : 'toast.deactivated', { name: server.name })),
        onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.updateFailed') }),
      },
    );

  const runTest = () =>
    test.mutate(server.id, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.ok)
          notifySuccess(t('toast.testPassed', { name: server.name, count: answer.tools.length }));
        else notifyFailure(t('toast.testFailed', { name: server.name }));
      },
      onError: (error) => notifyError(error, i18n.t('errors:internal'), { title: t('toast.testError') }),
    });

  return (
    <li aria-labelledby={headingId} className="grid content-start gap-3 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <span
          className={`mt-1.5 inline-block size-3 shrink-0 rounded-full ${COLOR_DOT[server.color]}`}
          aria-hidden="true"
        />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-semibold break-words">
              {server.name}
            </h4>
            {active ? (
              <Badge variant="success">{t('card.active')}</Badge>
            ) : (
              <Badge variant="outline">{t('card.disabled')}</Badge>
            )}
          </div>
          <p className="font-mono text-xs break-all text-muted-foreground">{server.url}</p>
          {server.description ? <p className="text-sm break-words">{server.description}</p> : null}
          {server.authHint ? (
            <p className="text-xs text-muted-foreground">{t('card.authHint', { hint: server.authHint })}</p>
          ) : null}
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm md:min-h-0">
        <input
          type="checkbox"
          role="switch"
          className="size-5 shrink-0 accent-primary md:size-4"
          checked={active}
          disabled={!canEdit || update.isPending}
          onChange={(event) => toggle(event.target.checked)}
        />
        {t('card.useInChat')}
      </label>
      {result ? (
        <p role="status" className={result.ok ? 'text-sm' : 'text-sm break-words text-destructive'}>
          {result.ok
            ? result.tools.length > 0
              ? t('card.tools', { count: result.tools.length, tools: result.tools.join(', ') })
              : t('card.noTools')
            : t('card.testError', { error: result.error })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={test.isPending}
          onClick={runTest}
          aria-label={t('card.testLabel', { name: server.name })}
        >
          {test.isPending ? null : <FlaskConical aria-hidden="true" />}
          {test.isPending ? t('card.testing') : t('card.test')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!canEdit}
          onClick={() => onDelete(server)}
          aria-label={t('card.deleteLabel', { name: server.name })}
        >
          <Trash2 aria-hidden="true" />
          {t('card.delete')}
        </Button>
      </div>
    </li>
  );
}
