import type { Task } from '@doppel/contracts';
import { useEffect, useRef, type RefObject } from 'react';

export interface TaskListShortcutActions {
  /** The tasks in the list, in order. */
  tasks: readonly Task[];
  selectedId: string | null;
  /** The list's region: ↑, ↓ and Enter act when focus is in it, or nowhere in particular. */
  listRef: RefObject<HTMLElement | null>;
  /** ↑/↓: this task becomes the selected one. */
  onMove: (task: Task) => void;
  /** Enter: into the detail of this (the selected, or focused) task. */
  onOpen: (task: Task) => void;
  /** E: the reply editor of the selected task. */
  onEdit: (task: Task) => void;
  /** ?: the help sheet. */
  onHelp: () => void;
}

/** Typing in a field: every key is the user's text, none a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable
  );
}

/** A dialog (the help sheet, a confirmation, a menu) owns the keyboard while it is open. */
function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * The Assistant's keyboard (desktop): ↑/↓ move the selection, Enter opens the selected task's
 * detail, E its reply editor, ? the help sheet. Nothing happens while the user types in a
 * field or a dialog is open, nor with Ctrl, ⌘ or Alt held (the browser's and the system's).
 * ↑, ↓ and Enter act only from the list (or with focus nowhere in particular), so they never
 * take over another control's own keys, such as a button's Enter in the detail.
 */
export function useTaskListShortcuts(actions: TaskListShortcutActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || isDialogOpen()) return;
      const { tasks, selectedId, listRef, onMove, onOpen, onEdit, onHelp } = latest.current;
      const target = event.target instanceof Element ? event.target : null;
      const fromList = !target || target === document.body || Boolean(listRef.current?.contains(target));
      // A task card with focus counts as the current one, even before it is selected.
      const focusedId = target?.closest<HTMLElement>('[data-task-id]')?.dataset.taskId;
      const currentId = (fromList && focusedId) || selectedId;
      const index = tasks.findIndex((task) => task.id === currentId);

      if (event.key === '?') {
        event.preventDefault();
        onHelp();
      } else if ((event.key === 'e' || event.key === 'E') && !event.shiftKey) {
        const selected = tasks.find((task) => task.id === selectedId);
        if (!selected) return;
        event.preventDefault();
        onEdit(selected);
      } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && fromList && !event.shiftKey) {
        if (tasks.length === 0) return;
        event.preventDefault();
        const next =
          index === -1
            ? event.key === 'ArrowDown'
              ? 0
              : tasks.length - 1
            : Math.min(tasks.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)));
        onMove(tasks[next]!);
      } else if (event.key === 'Enter' && fromList && !event.shiftKey && index !== -1) {
        event.preventDefault();
        onOpen(tasks[index]!);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
