import type { DocumentType } from '@doppel/contracts';
import { CirclePlay, FileText, Lightbulb, Link2, Newspaper, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const ICONS: Record<DocumentType, LucideIcon> = {
  md: FileText,
  txt: FileText,
  pdf: FileText,
  docx: FileText,
  youtube: CirclePlay,
  article: Newspaper,
  link: Link2,
  thought: Lightbulb,
};

/** A document's kind at a glance; decorative, the type is also written out beside it. */
export function DocumentIcon({ type, className }: { type: DocumentType; className?: string }) {
  const Icon = ICONS[type];
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground',
        className,
      )}
      aria-hidden="true"
    >
      <Icon className="size-4" />
    </span>
  );
}
