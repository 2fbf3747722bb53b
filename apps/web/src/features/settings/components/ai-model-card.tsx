import type { AiModel, AiModelTestResult } from '@doppel/contracts';
import { FlaskConical, KeyRound, Pencil, Search, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError, knownReason } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { intlLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useTestAiModel } from '../api/get-ai-models';
import { modelName } from './model-name';
import { useProviderLabel } from './use-provider-label';

interface AiModelCardProps {
  model: AiModel;
  isMain: boolean;
  onConfigure: (model: AiModel) => void;
  onDelete: (model: AiModel) => void;
}

/** One listed model: what it is, whether a key is saved, and Test (plus Configure and Delete for the user's own). */
export function AiModelCard({ model, isMain, onConfigure, onDelete }: AiModelCardProps) {
  const { t, i18n } = useTranslation('settings');
  const providerLabel = useProviderLabel();
  const headingId = useId();
  const test = useTestAiModel();
  const [result, setResult] = useState<AiModelTestResult | null>(null);
  const ms = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'unit', unit: 'millisecond' });

  const runTest = () => {
    setResult(null);
    test.mutate(model.id, {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.ok) notifySuccess(t('aiModels.test.passed', { name: modelName(model, t) }));
        else
          notifyError(providerError(answer), t('aiModels.test.failed'), {
            title: t('aiModels.test.failedTitle'),
          });
      },
      onError: (error) =>
        notifyError(error, t('aiModels.test.failed'), { title: t('aiModels.test.failedTitle') }),
    });
  };

  const rows: Array<[string, string]> = [[t('aiModels.card.provider'), providerLabel(model.provider)]];
  if (model.modelId) rows.push([t('aiModels.card.modelId'), model.modelId]);
  if (model.baseUrl) rows.push([t('aiModels.card.baseUrl'), model.baseUrl]);
  if (model.kind === 'user') {
    rows.push([
      t('aiModels.card.apiKey'),
      model.hasApiKey ? t('aiModels.card.keySaved') : t('aiModels.card.noKey'),
    ]);
  }

  return (
    <li
      aria-labelledby={headingId}
      className={
        isMain
          ? 'grid content-start gap-3 rounded-lg border border-primary p-4 ring-1 ring-primary'
          : 'grid content-start gap-3 rounded-lg border p-4'
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="min-w-0 flex-1 font-semibold break-words">
          {modelName(model, t)}
        </h4>
        {isMain ? (
          <Badge variant="soft">
            <Star aria-hidden="true" />
            {t('aiModels.card.main')}
          </Badge>
        ) : null}
        {model.kind === 'server' ? <Badge variant="outline">{t('aiModels.card.serverDefault')}</Badge> : null}
        {model.useFor === 'search' ? (
          <Badge variant="outline">
            <Search aria-hidden="true" />
            {t('aiModels.card.searchBadge')}
          </Badge>
        ) : null}
        {model.kind === 'user' && model.hasApiKey ? (
          <Badge variant="success">
            <KeyRound aria-hidden="true" />
            {t('aiModels.card.keySavedBadge')}
          </Badge>
        ) : null}
      </div>
      {model.kind === 'offline' ? (
        <p className="text-sm text-muted-foreground">{t('aiModels.card.offlineDescription')}</p>
      ) : null}
      {model.kind === 'server' ? (
        <p className="text-sm text-muted-foreground">{t('aiModels.card.serverDescription')}</p>
      ) : null}
      {model.useFor === 'search' ? (
        <p className="text-sm text-muted-foreground">{t('aiModels.card.searchDescription')}</p>
      ) : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <div role="status" aria-live="polite" className="text-sm empty:hidden">
        {result?.ok ? (
          <div className="grid gap-0.5 rounded-md bg-success-soft p-2 text-success-soft-foreground">
            {model.kind === 'offline' ? (
              // The offline engine has nothing to answer: what it can do is said in the user's words.
              <p>{t('aiModels.test.offlineReady')}</p>
            ) : result.dimensions !== undefined ? (
              // A search model answers with a vector, not words: its width is what there is to see.
              <p>{t('aiModels.test.dimensions', { count: result.dimensions })}</p>
            ) : (
              <p>
                <span className="font-medium">{t('aiModels.test.answer')}</span> {result.text}
              </p>
            )}
            <p className="text-xs">{t('aiModels.test.latency', { latency: ms.format(result.latencyMs) })}</p>
          </div>
        ) : null}
        {result && !result.ok ? (
          <div className="grid gap-0.5 rounded-md bg-destructive-soft p-2 text-destructive-soft-foreground">
            <p>
              <span className="font-medium">{t('aiModels.test.error')}</span>{' '}
              {errorMessage(providerError(result), t('aiModels.test.failed'))}
            </p>
            <p className="text-xs">{t('aiModels.test.latency', { latency: ms.format(result.latencyMs) })}</p>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          loading={test.isPending}
          onClick={runTest}
          aria-label={t('aiModels.test.button', { name: modelName(model, t) })}
        >
          {test.isPending ? null : <FlaskConical aria-hidden="true" />}
          {test.isPending ? t('aiModels.test.running') : t('aiModels.test.short')}
        </Button>
        {model.readOnly ? null : (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => onConfigure(model)}
              aria-label={t('aiModels.card.configure', { name: modelName(model, t) })}
            >
              <Pencil aria-hidden="true" />
              {t('aiModels.card.configureShort')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onDelete(model)}
              aria-label={t('aiModels.card.delete', { name: modelName(model, t) })}
              className="text-destructive"
            >
              <Trash2 aria-hidden="true" />
              {t('aiModels.card.deleteShort')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function providerError(result: Extract<AiModelTestResult, { ok: false }>): ApiError {
  const { code, message, reason } = result.error;
  return new ApiError(code, message, 502, undefined, undefined, knownReason(reason));
}
