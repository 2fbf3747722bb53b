import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { useNavSummary } from '../api/get-nav-summary';
import { AREAS, BOTTOM_BAR_AREAS } from '../nav-items';
import { PendingBadge } from './pending-badge';

/** Mobile: fixed bar of four tabs at the bottom. */
export function BottomNav() {
  const { t } = useTranslation('shell');
  const summary = useNavSummary();
  return (
    <nav
      aria-label={t('nav.bottomLabel')}
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="grid h-16 grid-cols-4">
        {BOTTOM_BAR_AREAS.map((key) => {
          const { path, icon: Icon } = AREAS[key];
          return (
            <li key={key} className="flex">
              <NavLink
                to={path}
                className={({ isActive }) =>
                  cn(
                    'relative flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {t(`nav.${key}`)}
                {/* After the label so the link reads "Assistant, pending tasks: 3"; drawn on the icon. */}
                {key === 'actions' ? (
                  <PendingBadge
                    count={summary.data?.pendingTasks}
                    className="absolute top-1.5 left-1/2 ml-1"
                  />
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
