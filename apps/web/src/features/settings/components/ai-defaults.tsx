import { DEFAULT_TEMPERATURE, type AiModelList } from '@doppel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { intlLocale } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { aiModelsQueryKey } from '../api/get-ai-models';
import { useSettings } from '@/lib/settings-query';
import { useUpdateSettings } from '../api/get-settings';
import { modelName } from './model-name';

/** A slider sends many values while dragged; only the one it rests on is saved. */
const TEMPERATURE_SAVE_DELAY_MS = 400;

/** The list as it is once `id` is the main model, shown before the server confirms. */
function withMainModel(list: AiModelList, id: string): AiModelList {
  return {
    ...list,
    defaultModelId: id,
    items: list.items.map((item) => ({ ...item, isDefault: item.id === id })),
  };
}

/** Main model selector and temperature slider, saved to the account's AI preferences. */
export function AiDefaults({ list }: { list: AiModelList }) {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const settings = useSettings();
  const update = useUpdateSettings();
  const headingId = useId();
  const modelId = useId();
  const temperatureId = useId();
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const saved = settings.data?.aiPreferences.temperature ?? list.temperature ?? DEFAULT_TEMPERATURE;
  const temperature = draft ?? saved;
  const decimal = new Intl.NumberFormat(intlLocale(i18n.language), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

  const saveMainModel = (id: string) => {
    const previous = queryClient.getQueryData<AiModelList>(aiModelsQueryKey);
    if (previous) queryClient.setQueryData(aiModelsQueryKey, withMainModel(previous, id));
    update.mutate(
      { aiPreferences: { defaultModel: id } },
      {
        onSuccess: () => notifySuccess(t('aiModels.defaults.saved')),
        onError: (error) => {
          if (previous) queryClient.setQueryData(aiModelsQueryKey, previous);
          notifyError(error, t('aiModels.defaults.saveFailed'));
        },
        onSettled: () => void queryClient.invalidateQueries({ queryKey: aiModelsQueryKey }),
      },
    );
  };

  const changeTemperature = (value: number) => {
    const rounded = Math.round(value * 10) / 10;
    setDraft(rounded);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      update.mutate(
        { aiPreferences: { temperature: rounded } },
        {
          onSuccess: () => notifySuccess(t('aiModels.defaults.saved')),
          onError: (error) => notifyError(error, t('aiModels.defaults.saveFailed')),
          onSettled: () => setDraft((current) => (current === rounded ? null : current)),
        },
      );
    }, TEMPERATURE_SAVE_DELAY_MS);
  };

  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold">
        {t('aiModels.defaults.title')}
      </h3>
      <div className="grid max-w-md gap-1.5">
        <Label htmlFor={modelId}>{t('aiModels.defaults.mainModel')}</Label>
        <Select
          id={modelId}
          value={list.defaultModelId}
          onChange={(event) => saveMainModel(event.target.value)}
        >
          {list.items
            .filter((model) => model.useFor === 'writing')
            .map((model) => (
              <option key={model.id} value={model.id}>
                {modelName(model, t)}
              </option>
            ))}
        </Select>
        <p className="text-xs text-muted-foreground">{t('aiModels.defaults.mainModelHint')}</p>
      </div>
      <div className="grid max-w-md gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={temperatureId}>{t('aiModels.defaults.temperature')}</Label>
          <output htmlFor={temperatureId} className="text-sm font-medium tabular-nums">
            {decimal.format(temperature)}
          </output>
        </div>
        <input
          id={temperatureId}
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={temperature}
          aria-valuetext={decimal.format(temperature)}
          onChange={(event) => changeTemperature(Number(event.target.value))}
          className="h-11 w-full accent-primary md:h-6"
        />
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
          <span>{t('aiModels.defaults.precise')}</span>
          <span>{t('aiModels.defaults.creative')}</span>
        </div>
      </div>
    </section>
  );
}
