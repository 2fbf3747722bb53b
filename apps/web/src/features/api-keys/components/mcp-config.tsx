import { pathOf, routes } from '@doppel/contracts';
import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { mcpClientConfig } from '../utils/api-key-format';
import { copyText } from './copy-text';

/** Where the public API describes itself (served by the server, outside the app's routes). */
const DOCS_URL = pathOf(routes.v1.docs);
const OPENAPI_URL = pathOf(routes.v1.openApi);

/** The ready MCP client configuration for this server, with copy, and the REST API's docs. */
export function McpConfig() {
  const { t } = useTranslation('apiKeys');
  const headingId = useId();
  const captionId = useId();
  const config = mcpClientConfig(window.location.origin, t('mcp.placeholder'));
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold">
          {t('mcp.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('mcp.description')}</p>
      </div>
      <figure aria-labelledby={captionId} className="min-w-0">
        <figcaption id={captionId} className="sr-only">
          {t('mcp.snippet')}
        </figcaption>
        {/* Focusable, so a keyboard can scroll a line wider than the panel. */}
        <pre
          tabIndex={0}
          className="overflow-x-auto rounded-md border bg-subtle p-3 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
        >
          <code>{config}</code>
        </pre>
      </figure>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void copyText(config)}
      >
        <Copy aria-hidden="true" />
        {t('mcp.copy')}
      </Button>
      <ul className="grid gap-1 text-sm">
        {[
          { href: DOCS_URL, label: t('mcp.docs') },
          { href: OPENAPI_URL, label: t('mcp.openapi') },
        ].map((link) => (
          <li key={link.href}>
            <a
              href={link.href}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-11 items-center gap-1.5 text-primary underline-offset-4 hover:underline md:min-h-6"
            >
              {link.label}
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">{t('mcp.newTab')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
