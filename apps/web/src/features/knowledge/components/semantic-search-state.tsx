import { Sparkles, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { intlLocale } from '@/lib/i18n';
import { canOpenSettings, openSettings } from '@/lib/open-settings';
import { useResumeIndexing, useSemanticSearchStatus } from '../api/knowledge-api';

/**
 * What search can do right now, under the search box: by words only (and why), indexing for
 * search by meaning (with progress), stopped (with Resume), or by meaning and words. Says
 * nothing while loading or when the state cannot be read: search works either way.
 */
export function SemanticSearchState() {
  const { t, i18n } = useTranslation('knowledge');
  const status = useSemanticSearchStatus();
  const resume = useResumeIndexing();
  const numbers = new Intl.NumberFormat(intlLocale(i18n.language));
  const data = status.data;
  if (!data) return null;

  const settingsLink = canOpenSettings() ? (
    <Button variant="link" size="sm" className="h-auto p-0" onClick={() => openSettings('aiModels')}>
      {t('semantic.openAiModels')}
    </Button>
  ) : null;

  switch (data.state) {
    case 'unavailable':
      return (
        <Notice variant="neutral" size="sm" role="status">
          <p>{t('semantic.unavailable')}</p>
        </Notice>
      );
    case 'no_model':
      return (
        <Notice variant="neutral" size="sm" role="status">
          <p>
            {t('semantic.noModel')} {settingsLink}
          </p>
        </Notice>
      );
    case 'indexing':
      return (
        <Notice variant="info" size="sm" role="status" className="items-center">
          <Sparkles aria-hidden="true" />
          <div className="grid flex-1 gap-1">
            <p>
              {t('semantic.indexing', {
                indexed: numbers.format(data.indexed),
                passages: numbers.format(data.passages),
              })}
            </p>
            <progress
              className="h-1.5 w-full max-w-xs accent-primary"
              max={Math.max(1, data.passages)}
              value={data.indexed}
              aria-label={t('semantic.progress')}
            />
          </div>
        </Notice>
      );
    case 'stalled':
      return (
        <Notice variant="warning" size="sm" role="status" className="items-center">
          <TriangleAlert aria-hidden="true" />
          <p className="flex-1">
            {t('semantic.stalled', {
              model: data.modelName ?? '',
              indexed: numbers.format(data.indexed),
              passages: numbers.format(data.passages),
            })}{' '}
            {settingsLink}
          </p>
          <Button size="sm" variant="outline" loading={resume.isPending} onClick={() => resume.mutate()}>
            {t('semantic.resume')}
          </Button>
        </Notice>
      );
    case 'ready':
      return (
        <p role="status" className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Sparkles aria-hidden="true" className="size-3.5" />
          {t('semantic.ready', { model: data.modelName ?? '' })}
        </p>
      );
  }
}
