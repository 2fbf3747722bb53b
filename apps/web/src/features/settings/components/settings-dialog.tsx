import { useMutation } from '@tanstack/react-query';
import {
  AudioLines,
  Bell,
  Bot,
  CircleCheck,
  Coins,
  CreditCard,
  FlaskConical,
  Languages,
  LogOut,
  MessagesSquare,
  Plug,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyError, notifySuccess, startCreateAccount } from '@/lib/notify';
import type { SettingsTab } from '@/lib/open-settings';
import { useApi, useSession, useSessionManager } from '@/lib/services';
import { useIsDesktop } from '@/lib/use-media-query';
import { forgetThisBrowserPush } from '../api/notifications';
import { AiModelsTab } from './ai-models-tab';
import { LanguageTab } from './language-tab';
import { LearnedVoiceTab } from './learned-voice-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';
import { SubscriptionTab } from './subscription-tab';
import { TokensTab } from './tokens-tab';

const TABS: Array<{ key: SettingsTab; icon: LucideIcon }> = [
  { key: 'profile', icon: UserRound },
  { key: 'subscription', icon: CreditCard },
  { key: 'tokens', icon: Coins },
  { key: 'security', icon: ShieldCheck },
  { key: 'notifications', icon: Bell },
  { key: 'language', icon: Languages },
  { key: 'voice', icon: AudioLines },
  { key: 'messengers', icon: MessagesSquare },
  { key: 'mcp', icon: Plug },
  { key: 'aiModels', icon: Bot },
];

interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The Messengers tab, a feature of its own: the app passes it in (features never import each
   * other), usually lazy, so it loads when the tab is first shown.
   */
  messengersTab?: ReactNode;
  /** The MCP tab (the user's external MCP servers), passed in the same way. */
  mcpTab?: ReactNode;
  /**
   * The tab shown, when the opener decides it (another screen sends the user to Messengers);
   * without it the dialog keeps its own, starting at Profile.
   */
  tab?: SettingsTab;
  onTabChange?: (tab: SettingsTab) => void;
}

/** Profile, plan and preferences, opened from the user block. */
export function SettingsDialog({
  open,
  onOpenChange,
  messengersTab,
  mcpTab,
  tab: shownTab,
  onTabChange,
}: SettingsDialogProps) {
  const { t } = useTranslation('settings');
  const isDesktop = useIsDesktop();
  const [ownTab, setOwnTab] = useState<SettingsTab>('profile');
  const tab = shownTab ?? ownTab;
  const setTab = (next: SettingsTab) => {
    setOwnTab(next);
    onTabChange?.(next);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="md:h-[min(720px,85dvh)]">
        <DialogHeader>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription>{t('description')}</DialogDescription>
        </DialogHeader>
        <Tabs
          value={tab}
          onValueChange={(value) => setTab(value as SettingsTab)}
          orientation={isDesktop ? 'vertical' : 'horizontal'}
          className="flex min-h-0 flex-1 flex-col md:flex-row"
        >
          <div className="flex shrink-0 flex-col gap-3 border-b p-3 md:w-52 md:border-r md:border-b-0">
            <SessionBanner />
            <TabsList aria-label={t('tabsLabel')} variant="menu">
              {TABS.map(({ key, icon: Icon }) => (
                <TabsTrigger key={key} value={key}>
                  <Icon aria-hidden="true" />
                  {t(`tabs.${key}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            {isDesktop ? (
              <div className="mt-auto">
                <SignOutButton />
              </div>
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-5">
            <TabsContent value="profile">
              <ProfileTab />
            </TabsContent>
            <TabsContent value="subscription">
              <SubscriptionTab />
            </TabsContent>
            <TabsContent value="security">
              <SecurityTab />
            </TabsContent>
            <TabsContent value="notifications">
              <NotificationsTab />
            </TabsContent>
            <TabsContent value="language">
              <LanguageTab />
            </TabsContent>
            <TabsContent value="voice">
              <LearnedVoiceTab />
            </TabsContent>
            <TabsContent value="tokens">
              <TokensTab />
            </TabsContent>
            <TabsContent value="aiModels">
              <AiModelsTab />
            </TabsContent>
            <TabsContent value="messengers">
              <Suspense fallback={<TabSkeleton />}>{messengersTab}</Suspense>
            </TabsContent>
            <TabsContent value="mcp">
              <Suspense fallback={<TabSkeleton />}>{mcpTab}</Suspense>
            </TabsContent>
          </div>
          {isDesktop ? null : (
            <div className="border-t p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
              <SignOutButton />
            </div>
          )}
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}

/** While a lazily loaded tab (and its texts) arrives. */
function TabSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}

/** 'connected' for an account, 'demo mode' (with the way to a real account) for a demo. */
function SessionBanner() {
  const { t } = useTranslation('settings');
  const { isDemo } = useSession();
  let content: ReactNode;
  if (isDemo) {
    content = (
      <Notice variant="warning" size="sm">
        <FlaskConical aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">{t('banner.demo')}</p>
          <p>{t('banner.demoHint')}</p>
          <button
            type="button"
            onClick={startCreateAccount}
            className="justify-self-start font-semibold underline underline-offset-4"
          >
            {t('banner.createAccount')}
          </button>
        </div>
      </Notice>
    );
  } else {
    content = (
      <Notice variant="success" size="sm">
        <CircleCheck aria-hidden="true" />
        <div className="grid gap-0.5">
          <p className="font-semibold">{t('banner.connected')}</p>
          <p>{t('banner.connectedHint')}</p>
        </div>
      </Notice>
    );
  }
  return content;
}

/** Sign out for an account; a demo visitor gets "Exit demo", which ends the sandbox session the same way. */
function SignOutButton() {
  const { t } = useTranslation('settings');
  const { isDemo, status } = useSession();
  const session = useSessionManager();
  const api = useApi();
  const signOut = useMutation({
    mutationFn: async () => {
      await forgetThisBrowserPush(api);
      await session.signOut();
    },
    onSuccess: () => notifySuccess(isDemo ? t('demoExited') : t('signedOut')),
    onError: (error) => notifyError(error),
  });
  if (status !== 'signedIn') return null;
  return (
    <Button variant="outline" className="w-full" loading={signOut.isPending} onClick={() => signOut.mutate()}>
      {signOut.isPending ? null : <LogOut aria-hidden="true" />}
      {isDemo ? t('exitDemo') : t('signOut')}
    </Button>
  );
}
