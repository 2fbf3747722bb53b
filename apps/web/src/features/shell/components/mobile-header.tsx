import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/utils';
import { AREAS } from '../nav-items';
import { UserBlock } from './user-block';

interface MobileHeaderProps {
  onOpenSettings: () => void;
  onSettingsIntent?: () => void;
}

/**
 * Mobile: logo, Contacts (the bottom bar keeps the spec's four tabs) and the avatar button
 * that opens settings.
 */
export function MobileHeader({ onOpenSettings, onSettingsIntent }: MobileHeaderProps) {
  const { t } = useTranslation('shell');
  const ContactsIcon = AREAS.contacts.icon;
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-card/95 px-4 pt-[env(safe-area-inset-top)] backdrop-blur">
      <Logo compact />
      <div className="flex items-center gap-1">
        <NavLink
          to={AREAS.contacts.path}
          aria-label={t('nav.contacts')}
          title={t('nav.contacts')}
          className={({ isActive }) =>
            cn(
              'inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
              isActive && 'bg-primary-soft text-primary-soft-foreground',
            )
          }
        >
          <ContactsIcon className="size-5" aria-hidden="true" />
        </NavLink>
        <UserBlock variant="compact" onOpenSettings={onOpenSettings} onIntent={onSettingsIntent} />
      </div>
    </header>
  );
}
