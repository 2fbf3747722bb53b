import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/utils';
import { useNavSummary } from '../api/get-nav-summary';
import { AREAS, SIDEBAR_AREAS } from '../nav-items';
import { PendingBadge } from './pending-badge';
import { UserBlock } from './user-block';

interface SidebarProps {
  onOpenSettings: () => void;
  onSettingsIntent?: () => void;
}

/** Desktop: fixed left column, 64 units wide. */
export function Sidebar({ onOpenSettings, onSettingsIntent }: SidebarProps) {
  const { t } = useTranslation('shell');
  const summary = useNavSummary();
  return (
    <aside className="fixed inset-y-0 left-0 z-30 flex w-64 flex-col border-r bg-card">
      <div className="flex h-16 items-center px-5">
        <Logo />
      </div>
      <nav aria-label={t('nav.sidebarLabel')} className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-0.5">
          {SIDEBAR_AREAS.map((key) => {
            const { path, icon: Icon } = AREAS[key];
            return (
              <li key={key}>
                <NavLink
                  to={path}
                  className={({ isActive }) =>
                    cn(
                      'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-primary-soft text-primary-soft-foreground'
                        : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    )
                  }
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="flex-1 truncate">{t(`nav.${key}`)}</span>
                  {key === 'actions' ? <PendingBadge count={summary.data?.pendingTasks} /> : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t p-3">
        <UserBlock onOpenSettings={onOpenSettings} onIntent={onSettingsIntent} />
      </div>
    </aside>
  );
}
