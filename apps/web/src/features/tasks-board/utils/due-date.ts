// The Assistant shows and edits due dates too: the rules live with the shared task components.
export { dueDayToIso, isOverdue } from '@/components/tasks/due-day';
