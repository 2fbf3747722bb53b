import {
  taskPriorities,
  taskTypes,
  type TaskCounts,
  type TaskPriority,
  type TaskType,
} from '@doppel/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { intlLocale } from '@/lib/i18n';

interface BoardFiltersProps {
  type: TaskType | undefined;
  priority: TaskPriority | undefined;
  /** For the priorities' figures; unknown (loading, failed) shows the names alone. */
  counts: TaskCounts | undefined;
  onTypeChange: (type: TaskType | undefined) => void;
  onPriorityChange: (priority: TaskPriority | undefined) => void;
}

/** Type and priority beside the status tabs; each priority with how many tasks have it. */
export function BoardFilters({ type, priority, counts, onTypeChange, onPriorityChange }: BoardFiltersProps) {
  const { t, i18n } = useTranslation(['tasksBoard', 'tasks']);
  const typeId = useId();
  const priorityId = useId();
  const numbers = new Intl.NumberFormat(intlLocale(i18n.resolvedLanguage));
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <label htmlFor={typeId} className="text-xs font-medium text-muted-foreground">
          {t('filters.type')}
        </label>
        <Select
          id={typeId}
          className="w-48"
          value={type ?? ''}
          onChange={(event) => onTypeChange((event.target.value || undefined) as TaskType | undefined)}
        >
          <option value="">{t('filters.allTypes')}</option>
          {taskTypes.map((value) => (
            <option key={value} value={value}>
              {t(`tasks:type.${value}`)}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={priorityId} className="text-xs font-medium text-muted-foreground">
          {t('filters.priority')}
        </label>
        <Select
          id={priorityId}
          className="w-44"
          value={priority ?? ''}
          onChange={(event) =>
            onPriorityChange((event.target.value || undefined) as TaskPriority | undefined)
          }
        >
          <option value="">{t('filters.allPriorities')}</option>
          {taskPriorities.map((value) => (
            <option key={value} value={value}>
              {counts
                ? t('filters.option', {
                    label: t(`tasks:priority.${value}`),
                    figure: numbers.format(counts.byPriority[value]),
                  })
                : t(`tasks:priority.${value}`)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
