import { Logo } from '@/components/logo';
import { UserBlock } from './user-block';

interface MobileHeaderProps {
  onOpenSettings: () => void;
  onSettingsIntent?: () => void;
}

/** Mobile: logo and the avatar button that opens settings. */
export function MobileHeader({ onOpenSettings, onSettingsIntent }: MobileHeaderProps) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-card/95 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
      <Logo compact />
      <UserBlock variant="compact" onOpenSettings={onOpenSettings} onIntent={onSettingsIntent} />
    </header>
  );
}
