import type { CampaignTemplateVariable, WhatsAppOutreachTemplate } from '@doppel/contracts';
import { AppError } from '../../lib/app-error';
import type { AppContext } from '../../lib/context';
import { approvedWhatsAppTemplates } from '../messengers';

/*
 * A campaign's approved WhatsApp template (docs/decisions/034): the settings name it and fill
 * its variables; the server finds it among the account's approved templates and keeps its texts
 * with the choice, so each lead's message can be recorded as they read it.
 */

type TemplateChoice = { name: string; language: string; variables: CampaignTemplateVariable[] };

const slot = (variable: { component: string; key: string }) => `${variable.component}:${variable.key}`;

/** Whether a choice is the one stored (same template, same variables filled the same way). */
export function sameTemplateChoice(
  stored: WhatsAppOutreachTemplate | null | undefined,
  choice: TemplateChoice,
): boolean {
  if (!stored || stored.name !== choice.name || stored.language !== choice.language) return false;
  // Field by field: the stored one comes back from jsonb with its keys in another order.
  const key = (variables: CampaignTemplateVariable[]) =>
    JSON.stringify(
      variables
        .map((variable) => [
          slot(variable),
          variable.source,
          variable.source === 'text' ? variable.text : variable.field,
          variable.source === 'lead' ? (variable.fallback ?? '') : '',
        ])
        .sort(([a], [b]) => a!.localeCompare(b!)),
    );
  return key(stored.variables) === key(choice.variables);
}

/**
 * The chosen template as the account has it approved, with the choice's values in the template's
 * order. Not approved (or unknown in that language) and variables that are not exactly the
 * template's are whatsapp_template_invalid, naming the field; no WhatsApp connection with its
 * business account id is whatsapp_connection_required; Graph failing is messenger_failed.
 */
export async function resolveTemplateChoice(
  ctx: AppContext,
  userId: string,
  choice: TemplateChoice,
): Promise<WhatsAppOutreachTemplate> {
  const templates = await approvedWhatsAppTemplates(ctx, userId);
  const template = templates.find((item) => item.name === choice.name && item.language === choice.language);
  if (!template) {
    throw new AppError('whatsapp_template_invalid', undefined, {
      fields: { 'whatsAppTemplate.name': 'templateNotApproved' },
    });
  }
  const given = new Map(choice.variables.map((variable) => [slot(variable), variable]));
  const expected = template.variables.map(slot);
  if (given.size !== expected.length || expected.some((key) => !given.has(key))) {
    throw new AppError('whatsapp_template_invalid', undefined, {
      fields: { 'whatsAppTemplate.variables': 'templateVariablesMismatch' },
    });
  }
  return {
    name: template.name,
    language: template.language,
    category: template.category,
    parameter_format: template.parameterFormat,
    header: template.header,
    body: template.body,
    variables: expected.map((key) => given.get(key)!),
  };
}
