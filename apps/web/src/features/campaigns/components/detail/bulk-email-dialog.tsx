import {
  bulkEmailInputSchema,
  bulkEmailSkipReasons,
  type BulkEmailResult,
  type Campaign,
} from '@doppel/contracts';
import { Info, MailWarning, Settings } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormActions } from '@/components/form/form-actions';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { canOpenSettings, openSettings } from '@/lib/open-settings';
import { useBulkEmail } from '../../api/campaign-detail-api';
import { formatNumber } from './detail-format';

const SUBJECT_MAX = 300;
const BODY_MAX = 20_000;
/** The contract's subject and message checks, as the form holds them. */
const bulkEmailFormSchema = bulkEmailInputSchema.pick({ subject: true, body: true });
type BulkEmailValues = z.infer<typeof bulkEmailFormSchema>;

const textareaClasses =
  'min-h-40 w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

/**
 * Bulk Email: one templated email to each selected lead — {name}, {company} and {position} are
 * filled per lead — sent from the user's own mailbox. The server queues one mail per lead and
 * leaves out those without an address or whose address bounced or unsubscribed; when it left
 * any out, the dialog lists them by reason before it closes. Without a connected mailbox it
 * says so, with the way to Settings → Messengers.
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
  const [result, setResult] = useState<BulkEmailResult | null>(null);
  // A new opening starts at the form again.
  if (!open && result) setResult(null);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={send.isPending}
      title={t('bulkEmail.title')}
      description={
        result
          ? t('bulkEmail.result.description')
          : t('bulkEmail.description', { value: formatNumber(leadIds.length, i18n.language) })
      }
      closeLabel={t('dialog.close')}
      className="md:max-w-xl"
    >
      {!open ? null : result ? (
        <BulkEmailReport result={result} onDone={() => onOpenChange(false)} />
      ) : (
        <BulkEmailForm
          send={send}
          leadIds={leadIds}
          template={campaign.stageConfigs.engagement.message_templates[0] ?? ''}
          onCancel={() => onOpenChange(false)}
          onOpenMessengers={() => {
            onOpenChange(false);
            openSettings('messengers');
          }}
          onSent={(sent) => {
            onSent();
            if (sent.skipped.length > 0) setResult(sent);
            else onOpenChange(false);
          }}
        />
      )}
    </FormDialog>
  );
}

function BulkEmailForm({
  send,
  leadIds,
  template,
  onCancel,
  onOpenMessengers,
  onSent,
}: {
  send: ReturnType<typeof useBulkEmail>;
  leadIds: string[];
  template: string;
  onCancel: () => void;
  onOpenMessengers: () => void;
  onSent: (result: BulkEmailResult) => void;
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('campaignDetail');
  const { form, errorText, field } = useZodForm<BulkEmailValues, BulkEmailValues>(bulkEmailFormSchema, {
    messages: 'bulkEmail',
    defaultValues: { subject: '', body: template },
  });
  const [noMailbox, setNoMailbox] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ subject, body }) => {
    setNoMailbox(null);
    try {
      const result = await send.mutateAsync({ leadIds, subject, body });
      notifySuccess(t('bulkEmail.result.queued', { value: formatNumber(result.queued, language) }));
      onSent(result);
    } catch (error) {
      // Other refusals are the request's toast; the text stays for another try.
      if (isApiError(error) && error.code === 'mailbox_required') {
        setNoMailbox(errorMessage(error, i18n.t('errors:mailbox_required')));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        {noMailbox ? (
          <Notice variant="destructive" role="alert">
            <MailWarning aria-hidden="true" />
            <div className="grid gap-2">
              <p>{noMailbox}</p>
              {canOpenSettings() ? (
                <Button variant="outline" size="sm" className="justify-self-start" onClick={onOpenMessengers}>
                  <Settings aria-hidden="true" />
                  {i18n.t('common:mailbox.openSettings')}
                </Button>
              ) : null}
            </div>
          </Notice>
        ) : null}
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

/** How it went: how many emails were queued, and the leads left out, grouped by why. */
function BulkEmailReport({ result, onDone }: { result: BulkEmailResult; onDone: () => void }) {
  const {
    t,
    i18n: { language },
  } = useTranslation('campaignDetail');
  const headingId = useId();
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="grid gap-4 overflow-y-auto px-5 py-4">
        <p role="status" className="text-sm font-medium">
          {t('bulkEmail.result.queued', { value: formatNumber(result.queued, language) })}
        </p>
        <section aria-labelledby={headingId} className="grid gap-3">
          <h3 id={headingId} className="text-sm font-semibold">
            {t('bulkEmail.result.skippedTitle', { value: formatNumber(result.skipped.length, language) })}
          </h3>
          {bulkEmailSkipReasons.map((reason) => {
            const leads = result.skipped.filter((lead) => lead.reason === reason);
            return leads.length > 0 ? <SkippedGroup key={reason} reason={reason} leads={leads} /> : null;
          })}
        </section>
      </div>
      <div className="flex justify-end border-t px-5 py-3">
        <Button onClick={onDone} autoFocus>
          {t('bulkEmail.result.done')}
        </Button>
      </div>
    </div>
  );
}

function SkippedGroup({
  reason,
  leads,
}: {
  reason: (typeof bulkEmailSkipReasons)[number];
  leads: BulkEmailResult['skipped'];
}) {
  const {
    t,
    i18n: { language },
  } = useTranslation('campaignDetail');
  const labelId = useId();
  return (
    <div className="grid gap-1.5 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <h4 id={labelId} className="text-sm font-medium">
          {t(`bulkEmail.result.reasons.${reason}`)}
        </h4>
        <Badge variant="outline">{formatNumber(leads.length, language)}</Badge>
      </div>
      <ul aria-labelledby={labelId} className="grid gap-0.5 text-sm text-muted-foreground">
        {leads.map((lead) => (
          <li key={lead.leadId} className="break-words">
            {lead.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
