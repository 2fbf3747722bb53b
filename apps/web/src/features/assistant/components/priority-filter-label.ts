import type { TaskPriority } from '@doppel/contracts';

/** Label of a priority choice: "All" or the priority's name. */
export function priorityChoiceLabel(
  t: (key: 'assistant:mobile.all' | `tasks:priority.${TaskPriority}`) => string,
  value: TaskPriority | undefined,
): string {
  return value ? t(`tasks:priority.${value}`) : t('assistant:mobile.all');
}
