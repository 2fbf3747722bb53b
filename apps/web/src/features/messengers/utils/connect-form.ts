import {
  connectMessengerInputSchema,
  credentialFields,
  messengerPlatforms,
  type ConnectMessengerInput,
  type CredentialField,
  type MessengerPlatform,
} from '@doppel/contracts';
import { z } from 'zod';
import { isHttpUrl } from './platforms';

/** The highest TCP port; a port field takes 1 to this. */
export const PORT_MAX = 65_535;

/** A credential's place in the form: per platform, so another platform's fields lose nothing typed. */
export type CredentialKey = `${MessengerPlatform}:${string}`;
export type ConnectValues = { platform: MessengerPlatform | '' } & Record<CredentialKey, string>;

export const credentialKey = (platform: MessengerPlatform, name: string): CredentialKey =>
  `${platform}:${name}`;

/** What the form starts with: the contracts' defaults (the mailbox's usual ports, TLS on). */
export function defaultCredentialValues(): Record<CredentialKey, string> {
  const values: Record<CredentialKey, string> = {};
  for (const platform of messengerPlatforms) {
    for (const field of credentialFields[platform]) {
      if (field.defaultValue !== undefined) values[credentialKey(platform, field.name)] = field.defaultValue;
    }
  }
  return values;
}

/** A host name as mail servers have them (the server checks the same). */
const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;

function isPort(text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const port = Number(text);
  return port >= 1 && port <= PORT_MAX;
}

/**
 * One field as the form checks it: required ones typed, URLs http(s), addresses, mail server
 * host names, ports 1–65535.
 */
function credentialSchema(field: CredentialField): z.ZodType<string, string> {
  let value = z.string().trim();
  if (field.required) value = value.min(1, 'required');
  if (field.kind === 'url') return value.refine((text) => !text || isHttpUrl(text), 'urlInvalid');
  if (field.name.endsWith('_host'))
    return value.refine((text) => !text || HOST_NAME.test(text), 'hostInvalid');
  if (field.kind === 'email')
    return value.refine((text) => !text || z.email().safeParse(text).success, 'emailInvalid');
  if (field.kind === 'port') return value.refine((text) => !text || isPort(text), 'portRange');
  return value;
}

function platformSchema(platform: MessengerPlatform) {
  const shape: Record<string, z.ZodType<string, string>> = {};
  for (const field of credentialFields[platform]) {
    shape[credentialKey(platform, field.name)] = credentialSchema(field);
  }
  return z.object({ platform: z.literal(platform), ...shape });
}

/**
 * The chosen platform's fields, turned into the contract's connect request: only what was typed,
 * trimmed, under the contracts' field names (a switch is 'true' or 'false').
 */
export const connectFormSchema = z
  .discriminatedUnion('platform', [
    platformSchema('telegram'),
    platformSchema('whatsapp'),
    platformSchema('discord'),
    platformSchema('slack'),
    platformSchema('email'),
  ])
  .transform(({ platform, ...typed }) => ({
    platform,
    credentials: Object.fromEntries(
      credentialFields[platform].flatMap((field) => {
        const value = (typed as Record<string, string | undefined>)[credentialKey(platform, field.name)];
        return value ? [[field.name, value]] : [];
      }),
    ),
  }))
  .pipe(connectMessengerInputSchema) as unknown as z.ZodType<ConnectMessengerInput, ConnectValues>;

/** Why a mail server refused a field (messenger_failed's `fields`), as the dictionary names it. */
const MAIL_SERVER_REASONS: Record<string, string> = {
  auth_failed: 'AuthFailed',
  unreachable: 'Unreachable',
  tls_failed: 'TlsFailed',
  timeout: 'Timeout',
  protocol: 'Protocol',
};

/**
 * The message key of a field the server refused: for a mailbox's server fields the reason reads
 * per server ('imap_password' + 'auth_failed' → 'imapAuthFailed': "The IMAP server refused this
 * password"); any other key (validation_failed's 'required'…) stays as it is.
 */
export function credentialProblem(platform: MessengerPlatform, name: string, reason: string): string {
  const server = /^(imap|smtp)_/.exec(name)?.[1];
  const reasonKey = Object.hasOwn(MAIL_SERVER_REASONS, reason) ? MAIL_SERVER_REASONS[reason] : undefined;
  return platform === 'email' && server && reasonKey ? `${server}${reasonKey}` : reason;
}
