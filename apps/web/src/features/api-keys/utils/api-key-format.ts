import {
  apiKeyActions,
  apiKeyResources,
  type ApiKey,
  type ApiKeyAction,
  type ApiKeyPermission,
  type ApiKeyResource,
} from '@doppel/contracts';
import { intlLocale } from '@/lib/i18n';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** Revoked wins over expired: it is what the user did; expiry is only what the date says. */
export function keyStatus(key: Pick<ApiKey, 'isActive' | 'expiresAt'>, now = Date.now()): ApiKeyStatus {
  if (!key.isActive) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return 'expired';
  return 'active';
}

/** Every resource and action a key holds, in the matrix's order (resources, then read before write). */
export function permissionPairs(
  permissions: ApiKeyPermission[],
): Array<{ resource: ApiKeyResource; action: ApiKeyAction }> {
  return apiKeyResources.flatMap((resource) =>
    apiKeyActions
      .filter((action) =>
        permissions.some(
          (permission) => permission.resource === resource && permission.actions.includes(action),
        ),
      )
      .map((action) => ({ resource, action })),
  );
}

/** The create dialog's checkboxes: for each resource, whether read and write are ticked. */
export type PermissionMatrix = Record<ApiKeyResource, Record<ApiKeyAction, boolean>>;

/**
 * What the create dialog states as default access: contacts read, messages read and
 * basic knowledge-base operations (read). The server's own default for a request without
 * permissions is narrower (contacts read); the dialog always sends its matrix.
 */
export function defaultPermissionMatrix(): PermissionMatrix {
  return {
    contacts: { read: true, write: false },
    messages: { read: true, write: false },
    knowledge_base: { read: true, write: false },
    ai_models: { read: false, write: false },
  };
}

/** The ticked boxes as the contract's permissions: resources with no action are left out. */
export function matrixToPermissions(matrix: PermissionMatrix): ApiKeyPermission[] {
  return apiKeyResources.flatMap((resource) => {
    const actions = apiKeyActions.filter((action) => matrix[resource][action]);
    return actions.length > 0 ? [{ resource, actions }] : [];
  });
}

/** A calendar day from a date input ("2026-05-01") as the end of that day, local time, in ISO. */
export function endOfDayIso(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  // Rejects days that do not exist (2026-02-31 would roll over into March).
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return null;
  return end.toISOString();
}

/** Today as a date input's value ("2026-03-14"), local time: the earliest expiry day offered. */
export function todayInputValue(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language)).format(value);
}

/**
 * The configuration an MCP client (Claude Desktop, Cursor…) needs to reach this server's /mcp
 * with a key in the Authorization header.
 */
export function mcpClientConfig(origin: string, keyPlaceholder: string): string {
  const config = {
    mcpServers: {
      doppel: {
        url: `${origin}/mcp`,
        headers: { Authorization: `Bearer ${keyPlaceholder}` },
      },
    },
  };
  return JSON.stringify(config, null, 2);
}
