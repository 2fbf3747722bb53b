import type agent from './locales/en/agent.json';
import type apiKeys from './locales/en/apiKeys.json';
import type assistant from './locales/en/assistant.json';
import type auth from './locales/en/auth.json';
import type billing from './locales/en/billing.json';
import type campaignDetail from './locales/en/campaignDetail.json';
import type campaigns from './locales/en/campaigns.json';
import type contacts from './locales/en/contacts.json';
import type common from './locales/en/common.json';
import type errorReasons from './locales/en/errorReasons.json';
import type errors from './locales/en/errors.json';
import type instance from './locales/en/instance.json';
import type knowledge from './locales/en/knowledge.json';
import type mcpServers from './locales/en/mcpServers.json';
import type messengers from './locales/en/messengers.json';
import type notifications from './locales/en/notifications.json';
import type personas from './locales/en/personas.json';
import type security from './locales/en/security.json';
import type settings from './locales/en/settings.json';
import type shell from './locales/en/shell.json';
import type shortcuts from './locales/en/shortcuts.json';
import type signals from './locales/en/signals.json';
import type tasks from './locales/en/tasks.json';
import type tasksBoard from './locales/en/tasksBoard.json';
import type unsubscribe from './locales/en/unsubscribe.json';

// English is the reference dictionary: keys are checked against it at compile time, and the
// completeness test makes sure every other language has the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      shell: typeof shell;
      settings: typeof settings;
      errors: typeof errors;
      errorReasons: typeof errorReasons;
      tasks: typeof tasks;
      assistant: typeof assistant;
      tasksBoard: typeof tasksBoard;
      personas: typeof personas;
      contacts: typeof contacts;
      shortcuts: typeof shortcuts;
      agent: typeof agent;
      knowledge: typeof knowledge;
      messengers: typeof messengers;
      apiKeys: typeof apiKeys;
      billing: typeof billing;
      instance: typeof instance;
      notifications: typeof notifications;
      security: typeof security;
      mcpServers: typeof mcpServers;
      campaigns: typeof campaigns;
      campaignDetail: typeof campaignDetail;
      signals: typeof signals;
      unsubscribe: typeof unsubscribe;
    };
  }
}
