import {
  OPTIONAL_TEMPLATE_LEAD_FIELDS,
  templateLeadFields,
  type CampaignTemplateVariable,
  type TemplateLeadField,
  type WhatsAppOutreachTemplate,
  type WhatsAppTemplate,
  type WhatsAppTemplateChoice,
  type WhatsAppTemplateComponent,
} from '@doppel/contracts';
import { MessageSquareText, Settings, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/list-states';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { canOpenSettings, openSettings } from '@/lib/open-settings';
import { useWhatsAppConnection, useWhatsAppTemplates } from '../../api/whatsapp-templates-api';

/*
 * The campaign settings' WhatsApp template (docs/decisions/034): one of the account's approved
 * templates for leads who have not written in the last 24 hours, with a value for each of its
 * variables — a fixed text or a lead field (with what to write when the lead lacks it).
 */

/** Where a variable's value comes from, as the form keeps it: fixed text or a lead field. */
export type VariableSource = 'text' | TemplateLeadField;

/** One variable in the form: `text` is the fixed text, or the fallback of a lead field that may be empty. */
export interface TemplateVariableValue {
  component: WhatsAppTemplateComponent;
  key: string;
  source: VariableSource;
  text: string;
}

export interface TemplateFormValue {
  name: string;
  language: string;
  variables: TemplateVariableValue[];
}

const SOURCES: readonly VariableSource[] = ['text', ...templateLeadFields];

/** Whether a source needs the text input: fixed text, or a lead field a lead may lack. */
export function needsText(source: VariableSource): boolean {
  return source === 'text' || (OPTIONAL_TEMPLATE_LEAD_FIELDS as readonly string[]).includes(source);
}

/** What a variable lacks before it can be saved, as a message key of settings.errors; null when nothing. */
export function variableProblem(
  variable: TemplateVariableValue | undefined,
): 'templateValueRequired' | 'templateFallbackRequired' | null {
  if (!variable || !needsText(variable.source) || variable.text.trim()) return null;
  return variable.source === 'text' ? 'templateValueRequired' : 'templateFallbackRequired';
}

/** The stored template as the form shows it. */
export function templateFormValue(
  stored: WhatsAppOutreachTemplate | null | undefined,
): TemplateFormValue | null {
  if (!stored) return null;
  return {
    name: stored.name,
    language: stored.language,
    variables: stored.variables.map((variable) => ({
      component: variable.component,
      key: variable.key,
      source: variable.source === 'text' ? 'text' : variable.field,
      text: variable.source === 'text' ? variable.text : (variable.fallback ?? ''),
    })),
  };
}

/** The form's template as the PATCH body's whatsAppTemplate (contracts: whatsAppTemplateChoiceSchema). */
export function toTemplateChoice(value: TemplateFormValue | null): WhatsAppTemplateChoice | null {
  if (!value) return null;
  return {
    name: value.name,
    language: value.language,
    variables: value.variables.map((variable): CampaignTemplateVariable => {
      const slot = { component: variable.component, key: variable.key };
      if (variable.source === 'text') return { ...slot, source: 'text', text: variable.text.trim() };
      const fallback = needsText(variable.source) ? variable.text.trim() : '';
      return { ...slot, source: 'lead', field: variable.source, ...(fallback ? { fallback } : {}) };
    }),
  };
}

const templateKey = (template: { name: string; language: string }) => `${template.name}:${template.language}`;

function freshValue(template: WhatsAppTemplate): TemplateFormValue {
  return {
    name: template.name,
    language: template.language,
    variables: template.variables.map((variable) => ({
      component: variable.component,
      key: variable.key,
      source: 'text',
      text: '',
    })),
  };
}

export function WhatsAppTemplatePicker({
  value,
  onChange,
  errorText,
}: {
  value: TemplateFormValue | null;
  onChange: (value: TemplateFormValue | null) => void;
  /** The problem of variable `index`'s text, if any. */
  errorText: (index: number) => string | undefined;
}) {
  const { t } = useTranslation('campaignDetail');
  const headingId = useId();
  const connection = useWhatsAppConnection();
  const connectionId = connection.data?.id ?? null;
  const templates = useWhatsAppTemplates(connectionId);

  let content;
  if (connection.isPending || (connectionId !== null && templates.isPending)) {
    content = (
      <LoadingState label={t('settings.whatsApp.loading')} className="grid gap-2">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-16 w-full" />
      </LoadingState>
    );
  } else if (connection.isError || templates.isError) {
    const failed = connection.isError ? connection : templates;
    // WhatsApp's own reason is English platform text: the screen says it in the user's language.
    const platformRefused = isApiError(failed.error) && failed.error.code === 'messenger_failed';
    content = (
      <ErrorState
        message={
          platformRefused
            ? t('settings.whatsApp.loadFailed')
            : errorMessage(failed.error, t('settings.whatsApp.loadFailed'))
        }
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  } else if (connectionId === null) {
    content = <Missing text={t('settings.whatsApp.notConnected')} />;
  } else if (!templates.data?.hasBusinessAccount) {
    content = <Missing text={t('settings.whatsApp.noBusinessAccount')} />;
  } else if (templates.data.items.length === 0) {
    content = <Missing text={t('settings.whatsApp.noTemplates')} />;
  } else {
    content = (
      <TemplateChoice
        templates={templates.data.items}
        value={value}
        onChange={onChange}
        errorText={errorText}
      />
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <div className="grid gap-0.5">
        <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <MessageSquareText className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('settings.whatsApp.title')}
        </h4>
        <p className="text-xs text-muted-foreground">{t('settings.whatsApp.intro')}</p>
      </div>
      {content}
    </section>
  );
}

/** Why there is nothing to choose from, with the way to the messenger settings. */
function Missing({ text }: { text: string }) {
  const { t } = useTranslation('campaignDetail');
  return (
    <Notice variant="neutral" size="sm" className="items-start">
      <TriangleAlert aria-hidden="true" />
      <div className="grid flex-1 justify-items-start gap-2">
        <p>{text}</p>
        {canOpenSettings() ? (
          <Button type="button" variant="outline" size="sm" onClick={() => openSettings('messengers')}>
            <Settings aria-hidden="true" />
            {t('settings.whatsApp.openSettings')}
          </Button>
        ) : null}
      </div>
    </Notice>
  );
}

function TemplateChoice({
  templates,
  value,
  onChange,
  errorText,
}: {
  templates: WhatsAppTemplate[];
  value: TemplateFormValue | null;
  onChange: (value: TemplateFormValue | null) => void;
  errorText: (index: number) => string | undefined;
}) {
  const { t } = useTranslation('campaignDetail');
  const chosen = value
    ? templates.find((template) => templateKey(template) === templateKey(value))
    : undefined;
  return (
    <div className="grid gap-4">
      {value && !chosen ? (
        <Notice variant="warning" size="sm">
          <TriangleAlert aria-hidden="true" />
          <p>{t('settings.whatsApp.unavailable', { name: value.name, language: value.language })}</p>
        </Notice>
      ) : null}
      <FormField label={t('settings.whatsApp.template')} hint={t('settings.whatsApp.templateHint')}>
        {(control) => (
          <Select
            {...control}
            value={chosen ? templateKey(chosen) : ''}
            onChange={(event) => {
              const next = templates.find((template) => templateKey(template) === event.currentTarget.value);
              onChange(next ? freshValue(next) : null);
            }}
          >
            <option value="">{t('settings.whatsApp.none')}</option>
            {templates.map((template) => (
              <option key={templateKey(template)} value={templateKey(template)}>
                {/* Meta's name and language code, as WhatsApp Manager shows them. */}
                {`${template.name} (${template.language})`}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {chosen && value ? (
        <>
          <TemplatePreview template={chosen} />
          {chosen.variables.length > 0 ? (
            <fieldset className="grid gap-3">
              <legend className="mb-1 text-sm font-medium">{t('settings.whatsApp.variables')}</legend>
              {value.variables.map((variable, index) => (
                <VariableRow
                  key={`${variable.component}:${variable.key}`}
                  variable={variable}
                  example={
                    chosen.variables.find(
                      (item) => item.component === variable.component && item.key === variable.key,
                    )?.example ?? null
                  }
                  error={errorText(index)}
                  onChange={(next) =>
                    onChange({
                      ...value,
                      variables: value.variables.map((item, at) => (at === index ? next : item)),
                    })
                  }
                />
              ))}
            </fieldset>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** The template as Meta approved it, placeholders and all. */
function TemplatePreview({ template }: { template: WhatsAppTemplate }) {
  const { t } = useTranslation('campaignDetail');
  return (
    <figure
      aria-label={t('settings.whatsApp.preview')}
      className="grid gap-1 rounded-md bg-subtle px-3 py-2 text-sm whitespace-pre-wrap"
    >
      {template.header ? <p className="font-semibold">{template.header}</p> : null}
      <p>{template.body}</p>
      {template.footer ? <p className="text-xs text-muted-foreground">{template.footer}</p> : null}
    </figure>
  );
}

function VariableRow({
  variable,
  example,
  error,
  onChange,
}: {
  variable: TemplateVariableValue;
  example: string | null;
  error: string | undefined;
  onChange: (variable: TemplateVariableValue) => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const placeholder = `{{${variable.key}}}`;
  const slot =
    variable.component === 'header' ? t('settings.whatsApp.headerSlot', { placeholder }) : placeholder;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField label={t('settings.whatsApp.source', { slot })}>
        {(control) => (
          <Select
            {...control}
            value={variable.source}
            onChange={(event) =>
              onChange({ ...variable, source: event.currentTarget.value as VariableSource, text: '' })
            }
          >
            {SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`settings.whatsApp.sources.${source}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {needsText(variable.source) ? (
        <FormField
          label={
            variable.source === 'text'
              ? t('settings.whatsApp.text', { slot })
              : t('settings.whatsApp.fallback', { slot })
          }
          hint={example ? t('settings.whatsApp.example', { example }) : undefined}
          error={error}
        >
          {(control) => (
            <Input
              {...control}
              value={variable.text}
              maxLength={200}
              onChange={(event) => onChange({ ...variable, text: event.currentTarget.value })}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}
