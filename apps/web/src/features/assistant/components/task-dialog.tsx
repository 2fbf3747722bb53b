import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { useSelectedTask } from '../api/use-task-feed';
import { TaskDetail } from './task-detail';

/**
 * A task as a full-screen dialog on phones; its composer carries the
 * 'generate quick' and 'generate detailed' actions. Loaded when a task is first opened.
 */
export default function TaskDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation(['assistant', 'common']);
  const titleId = useId();
  const { data: task } = useSelectedTask(id);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('common:actions.close')}
        aria-describedby={undefined}
        className="overflow-y-auto"
      >
        <DialogTitle className="sr-only">{task?.title ?? t('mobile.openTask')}</DialogTitle>
        <div className="p-4 pt-14">{task ? <TaskDetail task={task} titleId={titleId} /> : null}</div>
      </DialogContent>
    </Dialog>
  );
}
