import {
  createContext,
  useContext,
  useId,
  useRef,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';

/*
 * WAI-ARIA tabs (automatic activation, roving focus). Written here rather than taken from Radix
 * because /auth needs tabs and its first-load budget has no room for the
 * ~8 KB gzip that Radix Tabs and its helpers add.
 */

type TabsListVariant = 'segmented' | 'segmented-full' | 'menu';

interface TabsContextValue {
  value: string;
  select: (value: string) => void;
  orientation: 'horizontal' | 'vertical';
  idFor: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error('Tabs parts must be used inside <Tabs>');
  return context;
}

interface TabsProps extends Omit<ComponentProps<'div'>, 'onChange'> {
  value: string;
  onValueChange: (value: string) => void;
  orientation?: 'horizontal' | 'vertical';
  children: ReactNode;
}

export function Tabs({
  value,
  onValueChange,
  orientation = 'horizontal',
  className,
  children,
  ...props
}: TabsProps) {
  const baseId = useId();
  const context: TabsContextValue = {
    value,
    select: onValueChange,
    orientation,
    idFor: (part, tabValue) => `${baseId}-${part}-${tabValue}`,
  };
  return (
    <TabsContext.Provider value={context}>
      <div data-orientation={orientation} className={className} {...props}>
        {children}
      </div>
    </TabsContext.Provider>
  );
}

const LIST_CLASSES: Record<TabsListVariant, string> = {
  segmented: 'inline-flex items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
  'segmented-full':
    'grid w-full auto-cols-fr grid-flow-col items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
  // A list of sections: a scrolling row on phones, a column beside the content on desktop.
  menu: 'flex w-full gap-1 overflow-x-auto text-muted-foreground md:flex-col md:overflow-visible',
};

const TRIGGER_CLASSES: Record<TabsListVariant, string> = {
  segmented: 'justify-center data-[state=active]:bg-background data-[state=active]:shadow-sm',
  'segmented-full': 'justify-center data-[state=active]:bg-background data-[state=active]:shadow-sm',
  menu: 'justify-start data-[state=active]:bg-muted',
};

const ListVariantContext = createContext<TabsListVariant>('segmented');

interface TabsListProps extends ComponentProps<'div'> {
  variant?: TabsListVariant;
}

export function TabsList({ variant = 'segmented', className, onKeyDown, ...props }: TabsListProps) {
  const { orientation } = useTabs();
  const listRef = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const tabs = Array.from(
      listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [],
    );
    const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (current === -1) return;
    const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const previous = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    let target: number | null = null;
    if (event.key === next) target = (current + 1) % tabs.length;
    else if (event.key === previous) target = (current - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    tabs[target]?.focus();
    tabs[target]?.click();
  };

  return (
    <ListVariantContext.Provider value={variant}>
      <div
        ref={listRef}
        role="tablist"
        aria-orientation={orientation}
        onKeyDown={moveFocus}
        className={cn(LIST_CLASSES[variant], className)}
        {...props}
      />
    </ListVariantContext.Provider>
  );
}

interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  value: string;
}

export function TabsTrigger({ value, className, onClick, ...props }: TabsTriggerProps) {
  const tabs = useTabs();
  const variant = useContext(ListVariantContext);
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idFor('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.idFor('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 data-[state=active]:text-foreground md:min-h-8 [&_svg]:size-4',
        TRIGGER_CLASSES[variant],
        className,
      )}
      {...props}
    />
  );
}

interface TabsContentProps extends ComponentProps<'div'> {
  value: string;
}

/** Only the selected panel is rendered, so hidden panels do not fetch or hold focusable controls. */
export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={tabs.idFor('panel', value)}
      aria-labelledby={tabs.idFor('tab', value)}
      tabIndex={0}
      className={cn(
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
      {...props}
    />
  );
}
