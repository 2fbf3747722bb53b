import { Button } from '@/components/ui/button';

/** A dialog form's footer: Cancel, and the submit button that shows the form is saving. */
export function FormActions({
  busy,
  onCancel,
  cancelLabel,
  submitLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2 border-t px-5 py-3">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </div>
  );
}
