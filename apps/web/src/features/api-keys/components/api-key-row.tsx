import type { ApiKey } from '@doppel/contracts';
import { Ban, FlaskConical, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatFullDate, formatFullDateTime, formatShortDate } from '@/lib/dates';
import { formatCount, keyStatus, permissionPairs, type ApiKeyStatus } from '../utils/api-key-format';
import { KeySecret } from './key-secret';
import { useKeyLabels } from './use-key-labels';

const STATUS_VARIANTS = {
  active: 'success',
  revoked: 'outline',
  expired: 'warning',
} as const satisfies Record<ApiKeyStatus, string>;

interface ApiKeyRowProps {
  apiKey: ApiKey;
  fullKey: string | undefined;
  testing: boolean;
  onTest: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
}

/**
 * One key: name, status, service and description; its masked value with reveal and copy; its
 * permissions, limits and usage; and Test, Revoke (while active) and Delete.
 */
export function ApiKeyRow({ apiKey: key, fullKey, testing, onTest, onRevoke, onDelete }: ApiKeyRowProps) {
  const { t, i18n } = useTranslation('apiKeys');
  const labels = useKeyLabels();
  const titleId = useId();
  const permissionsId = useId();
  const status = keyStatus(key);
  const pairs = permissionPairs(key.permissions);
  const language = i18n.language;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="grid gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-xs"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 flex-1 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h3 id={titleId} className="min-w-0 truncate font-medium">
                {key.name}
              </h3>
              <Badge variant={STATUS_VARIANTS[status]}>{t(`status.${status}`)}</Badge>
              {key.isSample ? (
                <Badge variant="info">
                  <FlaskConical aria-hidden="true" />
                  {t('key.sample')}
                </Badge>
              ) : null}
            </div>
            <p className="text-xs text-muted-foreground">{labels.service(key.service)}</p>
            {key.description ? <p className="text-sm break-words">{key.description}</p> : null}
          </div>
          <div role="group" aria-label={t('key.actions', { name: key.name })} className="flex gap-2">
            <Button variant="outline" size="sm" loading={testing} onClick={() => onTest(key)}>
              {testing ? t('key.testing') : t('key.test')}
            </Button>
            {key.isActive ? (
              <Button variant="outline" size="sm" onClick={() => onRevoke(key)}>
                <Ban aria-hidden="true" />
                {t('key.revoke')}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={() => onDelete(key)}
            >
              <Trash2 aria-hidden="true" />
              {t('key.delete')}
            </Button>
          </div>
        </div>

        <KeySecret preview={key.keyPreview} fullKey={fullKey} hideLabel />

        <div className="grid gap-1.5">
          <h4 id={permissionsId} className="text-xs font-medium text-muted-foreground">
            {t('key.permissions')}
          </h4>
          {pairs.length > 0 ? (
            <ul aria-labelledby={permissionsId} className="flex flex-wrap gap-1.5">
              {pairs.map(({ resource, action }) => (
                <li key={`${resource}:${action}`}>
                  <Badge variant={action === 'write' ? 'warning' : 'soft'}>
                    {labels.permission(resource, action)}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('key.noPermissions')}</p>
          )}
        </div>

        <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
          <Figure label={t('key.limits')}>
            {t('key.limitsValue', {
              perMinute: formatCount(key.rateLimit.requestsPerMinute, language),
              perDay: formatCount(key.rateLimit.requestsPerDay, language),
            })}
          </Figure>
          <Figure label={t('key.created')}>
            <time dateTime={key.createdAt} title={formatFullDate(key.createdAt, language)}>
              {formatShortDate(key.createdAt)}
            </time>
          </Figure>
          <Figure label={t('key.lastUsed')}>
            {key.lastUsedAt ? (
              <time dateTime={key.lastUsedAt} title={formatFullDateTime(key.lastUsedAt, language)}>
                {formatShortDate(key.lastUsedAt)}
              </time>
            ) : (
              t('key.never')
            )}
          </Figure>
          <Figure label={t('key.usage')}>{formatCount(key.usageCount, language)}</Figure>
          <Figure label={t('key.expires')}>
            {key.expiresAt ? (
              <time dateTime={key.expiresAt} title={formatFullDate(key.expiresAt, language)}>
                {formatShortDate(key.expiresAt)}
              </time>
            ) : (
              t('key.noExpiry')
            )}
          </Figure>
        </dl>
      </article>
    </li>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}
