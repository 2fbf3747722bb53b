import { bulkEmailInputSchema, type BulkEmailResult, type Campaign } from '@doppel/contracts';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useBulkEmail } from '../../api/campaign-detail-api';
import { formatNumber } from './detail-format';

const SUBJECT_MAX = 300;
const BODY_MAX = 20_000;
/** The contract's subject and message checks, as the form holds them. */
const bulkEmailFormSchema = bulkEmailInputSchema.pick({ subject: true, body: true });
type BulkEmailValues = z.infer<typeof bulkEmailFormSchema>;
/** How many skipped names the result toast lists before "and N more". */
const SKIPPED_SHOWN = 3;

const textareaClasses =
  'min-h-40 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

/** The toast after a bulk email: how many went, how (SMTP or kept in the outbox), who was skipped. */
export function bulkEmailSummary(result: BulkEmailResult, language: string): string {
  const parts = [
    i18n.t(`campaignDetail:bulkEmail.result.${result.delivery}`, {
      value: formatNumber(result.sent, language),
    }),
  ];
  if (result.skipped.length > 0) {
    const names = result.skipped.slice(0, SKIPPED_SHOWN).map((lead) => lead.name);
    const more = result.skipped.length - names.length;
    parts.push(
      more > 0
        ? i18n.t('campaignDetail:bulkEmail.result.skippedMore', {
            names: names.join(', '),
            more: formatNumber(more, language),
          })
        : i18n.t('campaignDetail:bulkEmail.result.skipped', { names: names.join(', ') }),
    );
  }
  return parts.join(' ');
}

/**
 * Bulk Email: one templated email to each selected lead — {name}, {company} and {position} are
 * filled per lead — sent through SMTP, or kept in the outbox when none is configured; leads
 * who got it are marked contacted.
 */
export function BulkEmailDialog({
  campaign,
  leadIds,
  open,
  onOpenChange,
  onSent,
}: {
  campaign: Campaign;
  leadIds: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('campaignDetail');
  const send = useBulkEmail(campaign.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={send.isPending}
      title={t('bulkEmail.title')}
      description={t('bulkEmail.description', { value: formatNumber(leadIds.length, i18n.language) })}
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      {open ? (
        <BulkEmailForm
          send={send}
          leadIds={leadIds}
          template={campaign.stageConfigs.engagement.message_templates[0] ?? ''}
          onCancel={() => onOpenChange(false)}
          onSent={() => {
            onSent();
            onOpenChange(false);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function BulkEmailForm({
  send,
  leadIds,
  template,
  onCancel,
  onSent,
}: {
  send: ReturnType<typeof useBulkEmail>;
  leadIds: string[];
  template: string;
  onCancel: () => void;
  onSent: () => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('campaignDetail');
  const { form, errorText, field } = useZodForm<BulkEmailValues, BulkEmailValues>(bulkEmailFormSchema, {
    messages: 'bulkEmail',
    defaultValues: { subject: '', body: template },
  });

  const submit = form.handleSubmit(async ({ subject, body }) => {
    try {
      const result = await send.mutateAsync({ leadIds, subject, body });
      notifySuccess(bulkEmailSummary(result, language));
      onSent();
    } catch {
      // The request's toast said why; the text stays for another try.
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <FormField label={t('bulkEmail.subject')} error={errorText('subject')}>
          {(control) => <Input {...control} maxLength={SUBJECT_MAX} required {...field('subject')} />}
        </FormField>
        <FormField label={t('bulkEmail.body')} error={errorText('body')} hint={t('bulkEmail.placeholders')}>
          {(control) => (
            <textarea
              {...control}
              className={textareaClasses}
              maxLength={BODY_MAX}
              required
              {...field('body')}
            />
          )}
        </FormField>
        <Notice variant="neutral" size="sm">
          <Info aria-hidden="true" />
          <p>{t('bulkEmail.note')}</p>
        </Notice>
      </div>
      <FormActions
        busy={send.isPending}
        onCancel={onCancel}
        cancelLabel={t('dialog.cancel')}
        submitLabel={t('bulkEmail.submit', { value: formatNumber(leadIds.length, language) })}
      />
    </form>
  );
}
