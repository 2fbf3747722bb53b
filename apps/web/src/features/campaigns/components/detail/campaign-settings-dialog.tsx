import {
  accountTypes,
  accountTypeSchema,
  campaignSourceSchema,
  campaignTitle,
  CONTACT_SOURCES,
  DAILY_SEND_LIMIT,
  ENRICHMENT_TOOLS,
  enrichmentToolSchema,
  OUTREACH_CHANNELS,
  outreachChannelSchema,
  SEQUENCE_MAX_STEPS,
  SEQUENCE_WAIT_DAYS,
  TARGET_CONTACTS_MAX,
  TARGET_CONTACTS_MIN,
  TEMPLATE_VARIABLE_MAX,
  templateLeadFields,
  whatsAppTemplateComponents,
  type AiModelList,
  type Campaign,
  type UpdateCampaignInput,
} from '@doppel/contracts';
import { Info, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/form/form-field';
import { useFieldMessage } from '@/components/form/field-messages';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { Select } from '@/components/ui/select';
import { intlLocale } from '@/lib/i18n';
import { isOneOf } from '@/lib/utils';
import { useZodForm } from '@/components/form/use-zod-form';
import { useAiModelChoices, useUpdateCampaign } from '../../api/campaign-detail-api';
import { formatNumber } from './detail-format';
import {
  FollowUpSequenceEditor,
  stepFormSchema,
  stepFormValue,
  stepProblems,
  toSequenceStep,
} from './follow-up-sequence-editor';
import { GrowthKeysSection } from './growth-keys-section';
import { hasEnded } from './campaign-state';
import { SOURCE_ICONS } from '../source-icon';
import { CHANNEL_ICONS } from '../wizard/engagement-step';
import { useDetailLabels } from './use-detail-labels';
import {
  templateFormValue,
  toTemplateChoice,
  variableProblem,
  WhatsAppTemplatePicker,
} from './whatsapp-template-picker';

const BUDGET_MAX = 1_000_000;
const MAX_TOKENS = { min: 64, max: 32_000 } as const;
const personalizations = ['low', 'medium', 'high'] as const;
type Personalization = (typeof personalizations)[number];

/**
 * The contract's message keys for the sequence and sending fields, worded here (settings.errors)
 * with their bounds; every other key goes through the form kit's campaignSettings scope.
 */
const SEQUENCE_MESSAGE_KEYS = [
  'waitDaysRange',
  'stepTemplateRequired',
  'tooManySteps',
  'dailySendLimitRange',
  'thresholdRange',
] as const;
const SEQUENCE_MESSAGE_VALUES = {
  daysMin: SEQUENCE_WAIT_DAYS.min,
  daysMax: SEQUENCE_WAIT_DAYS.max,
  stepsMax: SEQUENCE_MAX_STEPS,
  limitMin: DAILY_SEND_LIMIT.min,
  limitMax: DAILY_SEND_LIMIT.max,
};

/** The daily send limit as typed: a whole number within bounds (checked for the AI assistant only). */
function dailySendLimitProblem(text: string): string | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return 'dailySendLimitRange';
  const limit = Number(value);
  return limit < DAILY_SEND_LIMIT.min || limit > DAILY_SEND_LIMIT.max ? 'dailySendLimitRange' : null;
}

/** A number typed into a text box, within bounds; every problem reads as `key`. */
const numberText = (key: string, inner: z.ZodNumber) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, key)
    .transform(Number)
    .pipe(inner);

/** "CEO, CTO,  Founder" → ['CEO', 'CTO', 'Founder'] */
const listText = z
  .string()
  .max(5000, 'tooLong')
  .transform((text) =>
    text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(200, 'tooLong')).max(50, 'tooMany'));

/** The WhatsApp template as the form holds it (whatsapp-template-picker.tsx); checked in full below. */
const whatsAppTemplateFormSchema = z.object({
  name: z.string(),
  language: z.string(),
  variables: z.array(
    z.object({
      component: z.enum(whatsAppTemplateComponents),
      key: z.string(),
      source: z.enum(['text', ...templateLeadFields]),
      text: z.string().max(TEMPLATE_VARIABLE_MAX, 'tooLong'),
    }),
  ),
});

const settingsFormSchema = z
  .object({
    name: z.string().trim().min(1, 'nameRequired').max(200, 'tooLong'),
    description: z.string().trim().max(2000, 'tooLong'),
    targetContactCount: numberText(
      'targetRange',
      z
        .number()
        .int('targetRange')
        .min(TARGET_CONTACTS_MIN, 'targetRange')
        .max(TARGET_CONTACTS_MAX, 'targetRange'),
    ),
    totalBudget: numberText('budgetRange', z.number().min(1, 'budgetRange').max(BUDGET_MAX, 'budgetRange')),
    sources: z.array(campaignSourceSchema).min(1, 'sourceRequired'),
    sheetUrl: z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: 'urlInvalid' }).max(2000, 'tooLong'),
    ]),
    apolloQuery: z.string().trim().max(500, 'tooLong'),
    pipedriveQuery: z.string().trim().max(500, 'tooLong'),
    jobTitles: listText,
    industries: listText,
    tools: z.array(enrichmentToolSchema).min(1, 'toolRequired'),
    channels: z.array(outreachChannelSchema).min(1, 'channelRequired'),
    messageTemplate: z.string().max(5000, 'tooLong'),
    whatsAppTemplate: whatsAppTemplateFormSchema.nullable(),
    /** The follow-ups, each checked on its own below (stepProblems). */
    followUpSequence: z.array(stepFormSchema).max(SEQUENCE_MAX_STEPS, 'tooManySteps'),
    accountType: accountTypeSchema,
    /** Checked below, and only for the AI assistant (it is not shown otherwise). */
    dailySendLimit: z.string(),
    dailyBudget: numberText('budgetRange', z.number().min(1, 'budgetRange').max(BUDGET_MAX, 'budgetRange')),
    dataQualityThreshold: numberText(
      'thresholdRange',
      z.number().int('thresholdRange').min(0, 'thresholdRange').max(100, 'thresholdRange'),
    ),
    /** '' drafts with the user's main model; else 'offline', 'server' or a model's id. */
    model: z.string(),
    personalization: z.enum(personalizations),
    temperature: z.number().min(0).max(1),
    maxTokens: numberText(
      'maxTokensRange',
      z
        .number()
        .int('maxTokensRange')
        .min(MAX_TOKENS.min, 'maxTokensRange')
        .max(MAX_TOKENS.max, 'maxTokensRange'),
    ),
  })
  .superRefine((values, context) => {
    // Each step's own problems, at the step's field (the form kit keeps the first per top-level
    // field; the editor words each step's).
    values.followUpSequence.forEach((step, index) => {
      for (const [field, problem] of Object.entries(stepProblems(step))) {
        context.addIssue({ code: 'custom', path: ['followUpSequence', index, field], message: problem });
      }
    });
    if (values.accountType === 'ai_assistant') {
      const problem = dailySendLimitProblem(values.dailySendLimit);
      if (problem) context.addIssue({ code: 'custom', path: ['dailySendLimit'], message: problem });
    }
    // A fixed text needs its text, a company or position what to write when the lead has none;
    // only while WhatsApp is a channel (the template is not sent otherwise).
    if (!values.channels.includes('whatsapp')) return;
    // The form kit keeps one problem per top-level field: the picker marks each variable lacking text.
    values.whatsAppTemplate?.variables.forEach((variable, index) => {
      const problem = variableProblem(variable);
      if (problem) {
        context.addIssue({
          code: 'custom',
          path: ['whatsAppTemplate', 'variables', index, 'text'],
          message: problem,
        });
      }
    });
  });
export type SettingsInput = z.input<typeof settingsFormSchema>;
export type SettingsValues = z.output<typeof settingsFormSchema>;
type SettingsField = FieldPath<SettingsInput>;

function formValues(campaign: Campaign): SettingsInput {
  const { extraction, enrichment, engagement } = campaign.stageConfigs;
  const personalization = personalizations.find((level) => level === campaign.ai_config.personalization);
  return {
    name: campaignTitle(campaign.name),
    description: campaign.description,
    targetContactCount: String(extraction.target_contact_count),
    totalBudget: String(campaign.budget.total),
    sources: [...extraction.sources],
    sheetUrl: extraction.source_configs.google_sheets?.url ?? '',
    apolloQuery: extraction.source_configs.apollo_search?.query ?? '',
    pipedriveQuery: extraction.source_configs.pipedrive?.query ?? '',
    jobTitles: extraction.filters.job_titles.join(', '),
    industries: extraction.filters.industries.join(', '),
    tools: [...enrichment.tools],
    channels: [...engagement.channels],
    messageTemplate: engagement.message_templates[0] ?? '',
    whatsAppTemplate: templateFormValue(engagement.channel_configs.whatsapp?.template),
    followUpSequence: engagement.follow_up_sequence.map(stepFormValue),
    accountType: engagement.account_type,
    dailySendLimit: String(engagement.daily_send_limit ?? DAILY_SEND_LIMIT.default),
    dailyBudget: String(campaign.budget.daily),
    dataQualityThreshold: String(enrichment.data_quality_threshold),
    model: campaign.ai_config.model_id ?? '',
    personalization: personalization ?? engagement.personalization_level,
    temperature: campaign.ai_config.temperature,
    maxTokens: String(campaign.ai_config.max_tokens),
  };
}

/** The form's values as the PATCH body (contracts: updateCampaignInputSchema). */
export function toUpdateInput(values: SettingsValues): UpdateCampaignInput {
  return {
    name: values.name,
    description: values.description,
    targetContactCount: values.targetContactCount,
    totalBudget: values.totalBudget,
    sources: values.sources,
    sourceConfigs: {
      google_sheets: values.sheetUrl ? { url: values.sheetUrl } : {},
      apollo_search: values.apolloQuery ? { query: values.apolloQuery } : {},
      pipedrive: values.pipedriveQuery ? { query: values.pipedriveQuery } : {},
    },
    filters: { job_titles: values.jobTitles, industries: values.industries },
    tools: values.tools,
    channels: values.channels,
    messageTemplate: values.messageTemplate,
    followUpSequence: values.followUpSequence.map(toSequenceStep),
    accountType: values.accountType,
    // The limit is the AI assistant's; with the personal account it is neither shown nor sent.
    ...(values.accountType === 'ai_assistant' && { dailySendLimit: Number(values.dailySendLimit.trim()) }),
    dailyBudget: values.dailyBudget,
    dataQualityThreshold: values.dataQualityThreshold,
    aiConfig: {
      model: values.model || null,
      personalization: values.personalization,
      temperature: values.temperature,
      max_tokens: values.maxTokens,
    },
  };
}

const textareaClasses =
  'min-h-28 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive disabled:opacity-50 md:text-sm';

/**
 * Settings of one campaign: its title and description, target, budget and daily budget,
 * sources with their settings (the sheet's CSV address, the Apollo and Pipedrive searches),
 * filters, enrichment tools and the data-quality threshold, channels and message template, who
 * sends (and the AI assistant's daily send limit), the follow-up sequence, the AI's
 * personalization, temperature and max tokens — and the provider keys, saved on their own.
 */
export function CampaignSettingsDialog({
  campaign,
  open,
  onOpenChange,
}: {
  campaign: Campaign;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const update = useUpdateCampaign(campaign.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={update.isPending}
      title={t('settings.title')}
      description={t('settings.description')}
      closeLabel={t('dialog.close')}
      className="md:max-w-3xl"
    >
      {open ? <SettingsForm campaign={campaign} update={update} onDone={() => onOpenChange(false)} /> : null}
    </FormDialog>
  );
}

function SettingsForm({
  campaign,
  update,
  onDone,
}: {
  campaign: Campaign;
  update: ReturnType<typeof useUpdateCampaign>;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('campaignDetail');
  const formId = useId();
  const ended = hasEnded(campaign);
  const labels = useDetailLabels();
  const messageValues = {
    min: formatNumber(TARGET_CONTACTS_MIN, i18n.language),
    max: formatNumber(TARGET_CONTACTS_MAX, i18n.language),
    budgetMax: formatNumber(BUDGET_MAX, i18n.language),
    tokensMin: MAX_TOKENS.min,
    tokensMax: formatNumber(MAX_TOKENS.max, i18n.language),
  };
  const { form, errorText, field, showServerErrors } = useZodForm<SettingsInput, SettingsValues>(
    settingsFormSchema,
    {
      messages: 'campaignSettings',
      messageValues,
      // Once submitted, a field is checked again as it is changed.
      reValidateMode: 'onChange',
      defaultValues: formValues(campaign),
    },
  );
  const fieldMessage = useFieldMessage('campaignSettings', messageValues);
  const sources = useWatch({ control: form.control, name: 'sources' });
  const accountType = useWatch({ control: form.control, name: 'accountType' });
  const channels = useWatch({ control: form.control, name: 'channels' });
  const temperature = useWatch({ control: form.control, name: 'temperature' });
  const models = useAiModelChoices();
  const modelOptions = modelChoices(campaign, models.data, {
    main: (name) => (name ? t('settings.mainModel', { name }) : t('settings.mainModelUnnamed')),
    offline: t('settings.offlineModel'),
  });

  /** A message key (the form's or the server's) as text: the sequence's keys here, the rest by the kit. */
  const message = (key: string | undefined): string | undefined => {
    if (!key) return undefined;
    if (isOneOf(SEQUENCE_MESSAGE_KEYS, key)) return t(`settings.errors.${key}`, SEQUENCE_MESSAGE_VALUES);
    return fieldMessage(key);
  };
  /** A field's problem as text, or undefined. */
  const fieldText = (name: SettingsField): string | undefined => {
    const problem = form.getFieldState(name, form.formState).error?.message;
    return isOneOf(SEQUENCE_MESSAGE_KEYS, problem) ? message(problem) : errorText(name);
  };

  const text = (
    name: SettingsField,
    options: { type?: string; inputMode?: 'numeric' | 'decimal'; hint?: string } = {},
  ) => (
    <FormField label={t(`settings.fields.${name as TextField}`)} hint={options.hint} error={fieldText(name)}>
      {(control) => (
        <Input {...control} type={options.type ?? 'text'} inputMode={options.inputMode} {...field(name)} />
      )}
    </FormField>
  );

  const submit = form.handleSubmit(async (values) => {
    try {
      const input = toUpdateInput(values);
      // The template goes only when it changed (the server then asks WhatsApp for it again), and
      // only with WhatsApp among the channels.
      const template = toTemplateChoice(values.whatsAppTemplate);
      const saved = toTemplateChoice(
        templateFormValue(campaign.stageConfigs.engagement.channel_configs.whatsapp?.template),
      );
      if (values.channels.includes('whatsapp') && JSON.stringify(template) !== JSON.stringify(saved)) {
        input.whatsAppTemplate = template;
      }
      await update.mutateAsync(input);
    } catch (error) {
      // Toasted by the request; the server's field problems show at their fields, and the form
      // stays for another try.
      showServerErrors(error, serverField);
      return;
    }
    onDone();
  });

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-6 overflow-y-auto px-5 py-4">
        {ended ? (
          <Notice variant="neutral" size="sm">
            <Info aria-hidden="true" />
            <p>{t('settings.ended')}</p>
          </Notice>
        ) : null}
        <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
          <fieldset disabled={ended || update.isPending} className="grid gap-6">
            <Section title={t('settings.sections.general')}>
              {text('name')}
              <FormField label={t('settings.fields.description')} error={errorText('description')}>
                {(control) => (
                  <textarea {...control} className={textareaClasses} {...form.register('description')} />
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-3">
                {text('targetContactCount', { inputMode: 'numeric' })}
                {text('totalBudget', { inputMode: 'decimal' })}
                {text('dailyBudget', { inputMode: 'decimal', hint: t('settings.hints.dailyBudget') })}
              </div>
            </Section>

            <Section title={t('settings.sections.sources')}>
              <CheckboxGroup
                control={form.control}
                name="sources"
                legend={t('settings.fields.sources')}
                error={errorText('sources')}
                options={CONTACT_SOURCES.map((source) => ({
                  value: source.id,
                  label: labels.source(source.id),
                  icon: SOURCE_ICONS[source.id],
                }))}
                onChange={() => form.clearErrors('sources')}
              />
              {sources.includes('google_sheets') ? (
                <FormField
                  label={t('settings.fields.sheetUrl')}
                  hint={t('settings.hints.sheetUrl')}
                  error={errorText('sheetUrl')}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="url"
                      {...field('sheetUrl', { setValueAs: (value: string) => value.trim() })}
                    />
                  )}
                </FormField>
              ) : null}
              {sources.includes('apollo_search') ? text('apolloQuery') : null}
              {sources.includes('pipedrive') ? text('pipedriveQuery') : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  label={t('settings.fields.jobTitles')}
                  hint={t('settings.hints.list')}
                  error={errorText('jobTitles')}
                >
                  {(control) => <Input {...control} {...form.register('jobTitles')} />}
                </FormField>
                <FormField
                  label={t('settings.fields.industries')}
                  hint={t('settings.hints.list')}
                  error={errorText('industries')}
                >
                  {(control) => <Input {...control} {...form.register('industries')} />}
                </FormField>
              </div>
            </Section>

            <Section title={t('settings.sections.enrichment')}>
              <CheckboxGroup
                control={form.control}
                name="tools"
                legend={t('settings.fields.tools')}
                error={errorText('tools')}
                options={ENRICHMENT_TOOLS.map((tool) => ({
                  value: tool.id,
                  label: tool.label,
                  detail: t('settings.toolDetail', {
                    cost: new Intl.NumberFormat(intlLocale(i18n.language), {
                      style: 'currency',
                      currency: 'USD',
                      minimumFractionDigits: 2,
                    }).format(tool.costPerContact),
                    accuracy: tool.accuracy,
                  }),
                }))}
                onChange={() => form.clearErrors('tools')}
              />
              {text('dataQualityThreshold', {
                inputMode: 'numeric',
                hint: t('settings.hints.dataQualityThreshold'),
              })}
            </Section>

            <Section title={t('settings.sections.engagement')}>
              <CheckboxGroup
                control={form.control}
                name="channels"
                legend={t('settings.fields.channels')}
                error={errorText('channels')}
                options={OUTREACH_CHANNELS.map((channel) => ({
                  value: channel.id,
                  label: labels.channel(channel.id),
                  icon: CHANNEL_ICONS[channel.id],
                  detail: t('settings.channelDetail', {
                    min: channel.responseRate.min,
                    max: channel.responseRate.max,
                  }),
                }))}
                onChange={() => form.clearErrors('channels')}
              />
              <FormField
                label={t('settings.fields.messageTemplate')}
                hint={t('settings.hints.messageTemplate')}
                error={errorText('messageTemplate')}
              >
                {(control) => (
                  <textarea {...control} className={textareaClasses} {...form.register('messageTemplate')} />
                )}
              </FormField>
              {channels.includes('whatsapp') ? (
                <Controller
                  control={form.control}
                  name="whatsAppTemplate"
                  render={({ field: template }) => (
                    <WhatsAppTemplatePicker
                      value={template.value}
                      onChange={(next) => {
                        form.clearErrors('whatsAppTemplate');
                        template.onChange(next);
                      }}
                      errorText={(index) => {
                        // Once the form said the template lacks something, each such variable says what.
                        const problem = errorText('whatsAppTemplate')
                          ? variableProblem(template.value?.variables[index])
                          : null;
                        return problem ? t(`settings.errors.${problem}`) : undefined;
                      }}
                    />
                  )}
                />
              ) : null}
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">{t('settings.fields.accountType')}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {accountTypes.map((type) => {
                    const id = `${formId}-account-${type}`;
                    return (
                      <div
                        key={type}
                        className="relative flex min-h-11 items-start gap-3 rounded-md border px-3 py-2 hover:bg-muted"
                      >
                        <input
                          type="radio"
                          id={id}
                          value={type}
                          aria-describedby={`${id}-detail`}
                          className="mt-0.5 size-5 shrink-0 accent-primary md:size-4"
                          {...form.register('accountType')}
                        />
                        <span className="grid gap-0.5 text-sm">
                          {/* The label's box covers the whole option, so it is one touch target. */}
                          <label
                            htmlFor={id}
                            className="cursor-pointer font-medium after:absolute after:inset-0"
                          >
                            {t(`settings.accountTypes.${type}.label`)}
                          </label>
                          <span id={`${id}-detail`} className="text-xs text-muted-foreground">
                            {t(`settings.accountTypes.${type}.detail`)}
                          </span>
                        </span>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
              {accountType === 'ai_assistant'
                ? text('dailySendLimit', {
                    inputMode: 'numeric',
                    hint: t('settings.hints.dailySendLimit', {
                      min: DAILY_SEND_LIMIT.min,
                      max: DAILY_SEND_LIMIT.max,
                    }),
                  })
                : null}
            </Section>

            <Section title={t('settings.sections.sequence')}>
              <FollowUpSequenceEditor
                form={form}
                showProblems={form.formState.submitCount > 0}
                message={message}
              />
            </Section>

            <Section title={t('settings.sections.ai')}>
              <FormField
                label={t('settings.fields.model')}
                hint={t('settings.hints.model')}
                error={errorText('model')}
              >
                {(control) => (
                  <Select {...control} {...form.register('model')}>
                    {modelOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField label={t('settings.fields.personalization')}>
                  {(control) => (
                    <Select {...control} {...form.register('personalization')}>
                      {personalizations.map((level: Personalization) => (
                        <option key={level} value={level}>
                          {t(`personalization.${level}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <FormField
                  label={t('settings.fields.temperature')}
                  hint={formatNumber(temperature, i18n.language, 1)}
                >
                  {(control) => (
                    <input
                      {...control}
                      type="range"
                      min={0}
                      max={1}
                      step={0.1}
                      className="h-11 w-full accent-primary md:h-9"
                      {...form.register('temperature', { valueAsNumber: true })}
                    />
                  )}
                </FormField>
                {text('maxTokens', { inputMode: 'numeric' })}
              </div>
            </Section>
          </fieldset>
        </form>
        <GrowthKeysSection />
      </div>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" form={formId} loading={update.isPending} disabled={ended}>
          {t('settings.save')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The campaign's choices of model: the user's main model (''), the offline engine, the server's
 * model and the user's own; the campaign's current choice stays listed while the list loads.
 */
function modelChoices(
  campaign: Campaign,
  list: AiModelList | undefined,
  labels: { main: (name: string | null) => string; offline: string },
): Array<{ value: string; label: string }> {
  const items = list?.items ?? [];
  const main = items.find((model) => model.id === list?.defaultModelId);
  const choices = [
    { value: '', label: labels.main(main ? (main.kind === 'offline' ? labels.offline : main.name) : null) },
    // A search model makes vectors, not drafts.
    ...items
      .filter((model) => model.useFor === 'writing')
      .map((model) => ({
        value: model.id,
        label: model.kind === 'offline' ? labels.offline : model.name,
      })),
  ];
  const current = campaign.ai_config.model_id;
  if (current && !choices.some((choice) => choice.value === current)) {
    choices.push({ value: current, label: campaign.ai_config.model });
  }
  return choices;
}

type TextField =
  | 'name'
  | 'targetContactCount'
  | 'totalBudget'
  | 'dailyBudget'
  | 'dataQualityThreshold'
  | 'dailySendLimit'
  | 'apolloQuery'
  | 'pipedriveQuery'
  | 'maxTokens';

/** Server field paths (updateCampaignInputSchema) that are not a form field of the same name. */
const SERVER_FIELD_PATHS: Readonly<Record<string, SettingsField>> = {
  'sourceConfigs.google_sheets.url': 'sheetUrl',
  'sourceConfigs.apollo_search.query': 'apolloQuery',
  'sourceConfigs.pipedrive.query': 'pipedriveQuery',
  'filters.job_titles': 'jobTitles',
  'filters.industries': 'industries',
  'aiConfig.model': 'model',
  'aiConfig.max_tokens': 'maxTokens',
};
const SAME_NAMED_FIELDS = [
  'name',
  'description',
  'targetContactCount',
  'totalBudget',
  'sources',
  'tools',
  'channels',
  'messageTemplate',
  'whatsAppTemplate',
  'accountType',
  'dailySendLimit',
  'dailyBudget',
  'dataQualityThreshold',
] as const satisfies readonly SettingsField[];

/**
 * The form field a server's validation problem (`fields`: path → message key) belongs to: a
 * step's wait or text at that step, anything else of the sequence at the list.
 */
function serverField(path: string): SettingsField | undefined {
  const step = /^followUpSequence\.(\d+)\.(afterDays|template)$/.exec(path);
  if (step) return `followUpSequence.${Number(step[1])}.${step[2] as 'afterDays' | 'template'}`;
  if (path === 'followUpSequence' || path.startsWith('followUpSequence.')) return 'followUpSequence';
  if (Object.hasOwn(SERVER_FIELD_PATHS, path)) return SERVER_FIELD_PATHS[path];
  const head = path.split('.')[0];
  return SAME_NAMED_FIELDS.find((name) => name === head);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3
        id={headingId}
        className="border-b pb-1 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

interface Option {
  value: string;
  label: string;
  detail?: string;
  icon?: LucideIcon;
}

/** A set of checkboxes bound to one array field of the form. */
function CheckboxGroup({
  control,
  name,
  legend,
  options,
  error,
  onChange,
}: {
  control: Control<SettingsInput, unknown, SettingsValues>;
  name: 'sources' | 'tools' | 'channels';
  legend: string;
  options: Option[];
  error?: string;
  onChange: () => void;
}) {
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen = field.value as string[];
        return (
          <fieldset
            className="grid gap-2"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={Boolean(error)}
          >
            <legend className="mb-1 text-sm font-medium">{legend}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {options.map((option) => {
                const id = `${errorId}-${option.value}`;
                const detailId = `${id}-detail`;
                const Icon = option.icon;
                return (
                  <div
                    key={option.value}
                    className="relative flex min-h-11 items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted"
                  >
                    {/* Native: Radix's checkbox inside a form measures itself with ResizeObserver for no gain here. */}
                    <input
                      type="checkbox"
                      id={id}
                      aria-describedby={option.detail ? detailId : undefined}
                      checked={chosen.includes(option.value)}
                      onChange={(event) => {
                        const { checked } = event.currentTarget;
                        field.onChange(
                          checked
                            ? [...chosen, option.value]
                            : chosen.filter((value) => value !== option.value),
                        );
                        onChange();
                      }}
                      className="size-5 shrink-0 accent-primary md:size-4"
                    />
                    {Icon ? (
                      <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    ) : null}
                    <span className="grid text-sm">
                      {/* The label's box covers the whole row, so the row is one 44 px touch target. */}
                      <label htmlFor={id} className="cursor-pointer after:absolute after:inset-0">
                        {option.label}
                      </label>
                      {option.detail ? (
                        <span id={detailId} className="text-xs text-muted-foreground">
                          {option.detail}
                        </span>
                      ) : null}
                    </span>
                  </div>
                );
              })}
            </div>
            {error ? (
              <p id={errorId} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}
