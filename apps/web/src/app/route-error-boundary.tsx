import { CircleX } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

function CrashScreen() {
  const { t } = useTranslation();
  return (
    <main id="main-content" className="grid min-h-dvh place-items-center p-6">
      <div role="alert" className="flex max-w-sm flex-col items-center gap-4 text-center">
        <CircleX className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">{t('crash.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('crash.description')}</p>
        <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
      </div>
    </main>
  );
}

interface BoundaryProps {
  /** When it changes after a crash, the children get another try. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}

/**
 * Last resort when a screen throws or its code cannot be loaded (for example after a deploy
 * replaced the chunks). Navigating elsewhere gives the app another chance.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
