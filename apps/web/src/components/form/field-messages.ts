import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@doppel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '@/lib/i18n';

/**
 * Where one family of forms keeps the texts of its validation messages: the contracts' zod
 * schemas and the server's `fields` name a message key ('nameRequired', 'cadenceRange'…), and
 * the scope says which dictionary entry reads it.
 */
interface MessageScope {
  ns: Namespace;
  /** The dictionary object holding the texts, e.g. 'form.errors'. */
  prefix: string;
  /** The only keys read under prefix; without it any text under prefix is (an errors-only object). */
  keys?: readonly string[];
  /** Message keys or zod issue codes (too_big…) that read as one of the texts under prefix. */
  aliases?: Readonly<Record<string, string>>;
  /** Another scope that reads the keys unknown here, before the fallback. */
  next?: string;
  /** The text for anything else: a key of ns, or of another namespace when it names one (auth:…). */
  fallback: string;
  /** Interpolation values every text of the scope may use. */
  values?: Readonly<Record<string, unknown>>;
}

/** The sign-in, sign-up and profile keys; the base every other scope may fall back to. */
const AUTH_KEYS = [
  'emailRequired',
  'emailInvalid',
  'passwordRequired',
  'passwordTooShort',
  'passwordTooLong',
  'nameRequired',
  'nameTooLong',
] as const;

/** The one dictionary of validation messages: every form names its scope here. */
export const FORM_MESSAGES = {
  auth: {
    ns: 'auth',
    prefix: '',
    keys: AUTH_KEYS,
    fallback: 'invalidField',
    values: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  },
  task: { ns: 'tasksBoard', prefix: 'form.errors', fallback: 'form.errors.invalid' },
  persona: {
    ns: 'personas',
    prefix: 'errors',
    keys: [
      'nameRequired',
      'contentRequired',
      'variableName',
      'httpOnly',
      'tooManyEntries',
      'keyRequired',
      'duplicateKey',
      'groupNameRequired',
    ],
    fallback: 'errors.invalid',
  },
  aiModel: { ns: 'settings', prefix: 'aiModels.form.errors', fallback: 'aiModels.form.errors.invalid' },
  apiKey: {
    ns: 'apiKeys',
    prefix: 'form.errors',
    keys: [
      'keyNameRequired',
      'nameTooLong',
      'permissionsRequired',
      'perMinuteInvalid',
      'perDayInvalid',
      'expiresInPast',
    ],
    fallback: 'form.errors.invalid',
  },
  lead: {
    ns: 'campaignDetail',
    prefix: 'addLead.errors',
    aliases: { leadNameRequired: 'nameRequired', invalidEmail: 'emailInvalid', too_big: 'tooLong' },
    fallback: 'addLead.errors.invalid',
  },
  leadImport: {
    ns: 'campaignDetail',
    prefix: 'import.errors',
    keys: ['noFile', 'tooLarge', 'empty', 'unreadable', 'nameColumn'],
    aliases: {
      fileRequired: 'noFile',
      csvTooLarge: 'tooLarge',
      csvRequired: 'empty',
      csvUnreadable: 'unreadable',
      nameColumnRequired: 'nameColumn',
    },
    fallback: 'addLead.errors.invalid',
  },
  campaignSettings: {
    ns: 'campaignDetail',
    prefix: 'settings.errors',
    keys: [
      'nameRequired',
      'tooLong',
      'tooMany',
      'targetRange',
      'budgetRange',
      'sourceRequired',
      'toolRequired',
      'channelRequired',
      'urlInvalid',
      'maxTokensRange',
      'templateValueRequired',
      'templateFallbackRequired',
      'modelNotFound',
    ],
    fallback: 'settings.errors.invalid',
  },
  campaignWizard: {
    ns: 'campaigns',
    prefix: 'wizard.errors',
    keys: ['nameRequired', 'targetRange'],
    // A blank or non-numeric target is not a number at all (invalid_type): the same range text.
    aliases: {
      campaignNameRequired: 'nameRequired',
      targetCountRange: 'targetRange',
      invalid_type: 'targetRange',
    },
    fallback: 'auth:invalidField',
  },
  bulkEmail: { ns: 'campaignDetail', prefix: 'bulkEmail.errors', fallback: 'addLead.errors.invalid' },
  growthKey: {
    ns: 'campaignDetail',
    prefix: 'keys',
    keys: ['tooShort'],
    aliases: { apiKeyTooShort: 'tooShort', too_small: 'tooShort' },
    fallback: 'addLead.errors.invalid',
  },
  signal: { ns: 'signals', prefix: 'validation', next: 'auth', fallback: 'auth:invalidField' },
  jobChangeImport: {
    ns: 'signals',
    prefix: 'jobChanges.import',
    keys: ['noFile', 'unreadable'],
    aliases: { fileRequired: 'noFile', csvUnreadable: 'unreadable' },
    next: 'signal',
    fallback: 'auth:invalidField',
  },
  messenger: {
    ns: 'messengers',
    prefix: 'dialog',
    keys: [
      'fieldRequired',
      'urlInvalid',
      'emailInvalid',
      'hostInvalid',
      'portRange',
      // A mail server's refusal of a field, per server (connect-form.ts credentialProblem).
      'imapAuthFailed',
      'smtpAuthFailed',
      'imapUnreachable',
      'smtpUnreachable',
      'imapTlsFailed',
      'smtpTlsFailed',
      'imapTimeout',
      'smtpTimeout',
      'imapProtocol',
      'smtpProtocol',
    ],
    aliases: {
      required: 'fieldRequired',
      nameRequired: 'fieldRequired',
      urlRequired: 'fieldRequired',
      invalidEmail: 'emailInvalid',
      // The server's names for the mailbox fields' problems.
      portInvalid: 'portRange',
    },
    fallback: 'dialog.fieldInvalid',
  },
  knowledgeLink: {
    ns: 'knowledge',
    prefix: 'link',
    keys: ['urlInvalid'],
    aliases: { urlRequired: 'urlInvalid', too_big: 'urlInvalid' },
    fallback: 'link.urlInvalid',
  },
  knowledgeThought: {
    ns: 'knowledge',
    prefix: 'thought.errors',
    aliases: { too_big: 'tooLong' },
    fallback: 'thought.errors.invalid',
  },
  mcpServer: {
    ns: 'mcpServers',
    prefix: 'dialog',
    keys: ['required', 'urlInvalid'],
    aliases: { nameRequired: 'required', urlRequired: 'required' },
    fallback: 'dialog.urlInvalid',
  },
} as const satisfies Record<string, MessageScope>;
export type FormMessageScope = keyof typeof FORM_MESSAGES;

/** A field's problem as a form holds it: a message key, or react-hook-form's error. */
export type FieldProblem = string | { message?: string; type?: string } | undefined;

/** Interpolation values of one form: fixed, or per message key. */
export type MessageValues = Record<string, unknown> | ((key: string) => Record<string, unknown>);

type Translate = (key: string, options?: Record<string, unknown>) => string;

const WORD = /^\w+$/;

/** The dictionary key (namespace included) a scope, or the scopes after it, has for a problem. */
function ownKey(
  scopeName: FormMessageScope,
  problem: { message?: string; type?: string },
  exists: (key: string) => boolean,
): { key: string; scope: MessageScope } | null {
  const scope: MessageScope = FORM_MESSAGES[scopeName];
  const own = (key: string | undefined): string | null => {
    if (!key || !WORD.test(key)) return null;
    const full = `${scope.ns}:${scope.prefix ? `${scope.prefix}.` : ''}${key}`;
    return (scope.keys ? scope.keys.includes(key) : exists(full)) ? full : null;
  };
  const alias = (key: string | undefined) => (key ? own(scope.aliases?.[key]) : null);
  const found = alias(problem.message) ?? own(problem.message) ?? alias(problem.type);
  if (found) return { key: found, scope };
  return scope.next ? ownKey(scope.next as FormMessageScope, problem, exists) : null;
}

/**
 * The dictionary key (namespace included) a problem reads as in a scope: the scope's own text,
 * an alias of the key or of its zod issue code, the next scope's text, or the scope's fallback.
 */
export function messageKey(
  scopeName: FormMessageScope,
  problem: { message?: string; type?: string },
  exists: (key: string) => boolean,
): { key: string; scope: MessageScope } {
  const found = ownKey(scopeName, problem, exists);
  if (found) return found;
  const scope: MessageScope = FORM_MESSAGES[scopeName];
  return { key: scope.fallback.includes(':') ? scope.fallback : `${scope.ns}:${scope.fallback}`, scope };
}

/**
 * Turns a field's problem into text in the interface language, the same way in every form:
 * `const message = useFieldMessage('task'); <FormField error={message(errors.title)} />`.
 */
export function useFieldMessage(
  scopeName: FormMessageScope,
  values?: MessageValues,
): (problem: FieldProblem) => string | undefined {
  const { t, i18n } = useTranslation(FORM_MESSAGES[scopeName].ns);
  return useCallback(
    (problem: FieldProblem) => {
      const source = typeof problem === 'string' ? { message: problem } : problem;
      if (!source || (!source.message && !source.type)) return undefined;
      const { key, scope } = messageKey(scopeName, source, (full) => i18n.exists(full));
      const own = typeof values === 'function' ? values(key.slice(key.lastIndexOf('.') + 1)) : values;
      return (t as unknown as Translate)(key, { ...scope.values, ...own });
    },
    [scopeName, values, t, i18n],
  );
}
