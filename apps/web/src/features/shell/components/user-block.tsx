import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { useSession } from '@/lib/services';
import { cn } from '@/lib/utils';

interface UserBlockProps {
  onOpenSettings: () => void;
  /** Preloads the settings dialog when the pointer or focus gets near. */
  onIntent?: () => void;
  /** `compact` is the avatar-only button of the mobile header. */
  variant?: 'full' | 'compact';
}

/** The signed-in user's name and state; opens the settings dialog. */
export function UserBlock({ onOpenSettings, onIntent, variant = 'full' }: UserBlockProps) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  if (!user) return null;
  const state = user.isDemo ? t('user.demoMode') : t('user.authorized');
  // Both variants open settings and warm its chunk on intent; only the look differs. The name
  // is a hidden text rather than an aria-label: the initials in the avatar are visible text that
  // a label would have to contain too (WCAG 2.5.3), and the label already says name and state.
  const buttonProps = {
    type: 'button' as const,
    onClick: onOpenSettings,
    onPointerEnter: onIntent,
    onFocus: onIntent,
  };
  const name = <span className="sr-only">{t('user.openSettings', { name: user.name, state })}</span>;

  if (variant === 'compact') {
    return (
      <button {...buttonProps} className="inline-flex size-11 items-center justify-center rounded-full">
        <Avatar name={user.name} src={user.avatarUrl} />
        {name}
      </button>
    );
  }

  return (
    <button
      {...buttonProps}
      className="flex w-full items-center gap-3 rounded-lg p-2 text-left transition-colors hover:bg-muted"
    >
      <Avatar name={user.name} src={user.avatarUrl} />
      {name}
      <span aria-hidden="true" className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{user.name}</span>
        <span
          className={cn(
            'truncate text-xs',
            user.isDemo ? 'text-warning-soft-foreground' : 'text-muted-foreground',
          )}
        >
          {state}
        </span>
      </span>
    </button>
  );
}
