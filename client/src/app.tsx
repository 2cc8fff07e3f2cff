import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { FollowUserLocale } from '@/features/language/components/follow-user-locale';
import { preloadShellAndPage, ProtectedRoute } from '@/components/layout/protected-route';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { AuthProvider } from '@/lib/auth';
import { lazyComponent, MountWhenOpened } from '@/lib/lazy-component';
import { pageCarriesSession } from '@/lib/page-session';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { NotFoundPage } from '@/pages/not-found-page';

// Only /auth, the first screen of most visits, is in the first bundle (scripts/bundle-budget.mjs checks its
// size); every other screen loads on demand, with a centred spinner meanwhile. Chart.js comes with /reports only.
// The sign-in page is a chunk of its own (its forms and react-hook-form): a signed-in member's first screen
// never needs it. Its download starts with the entry's when the page opened is /auth.
const AuthPage = lazyComponent(() => import('@/pages/auth-page').then((module) => module.AuthPage));
if (typeof window !== 'undefined' && window.location.pathname === '/auth') void AuthPage.preload().catch(() => {});
const CommunityAccessPage = lazyComponent(() => import('@/pages/community-access-page').then((module) => module.CommunityAccessPage));
const ApplyPage = lazyComponent(() => import('@/pages/apply-page').then((module) => module.ApplyPage));
const PrivacyPage = lazyComponent(() => import('@/pages/privacy-page').then((module) => module.PrivacyPage));
const DashboardPage = lazyComponent(() => import('@/pages/dashboard-page').then((module) => module.DashboardPage));
const TrackingPage = lazyComponent(() => import('@/pages/tracking-page').then((module) => module.TrackingPage));
const QuestionsPage = lazyComponent(() => import('@/pages/questions-page').then((module) => module.QuestionsPage));
const MeetingsPage = lazyComponent(() => import('@/pages/meetings-page').then((module) => module.MeetingsPage));
const SubgroupPage = lazyComponent(() => import('@/pages/subgroup-page').then((module) => module.SubgroupPage));
const ReportsPage = lazyComponent(() => import('@/pages/reports-page').then((module) => module.ReportsPage));
const AdminPage = lazyComponent(() => import('@/pages/admin-page').then((module) => module.AdminPage));
const ProfilePage = lazyComponent(() => import('@/pages/profile-page').then((module) => module.ProfilePage));
const VerifyEmailPage = lazyComponent(() => import('@/pages/verify-email-page').then((module) => module.VerifyEmailPage));
const ForgotPasswordPage = lazyComponent(() => import('@/pages/forgot-password-page').then((module) => module.ForgotPasswordPage));
const ResetPasswordPage = lazyComponent(() => import('@/pages/reset-password-page').then((module) => module.ResetPasswordPage));
const CommunitySetupPage = lazyComponent(() => import('@/pages/community-setup-page').then((module) => module.CommunitySetupPage));

/** The signed-in screens of SPEC.md section 2, inside the app shell. */
export const SIGNED_IN_SCREENS: [path: string, Page: typeof DashboardPage][] = [
  ['/', DashboardPage],
  ['/tracking', TrackingPage],
  ['/questions', QuestionsPage],
  ['/meetings', MeetingsPage],
  ['/my-subgroup', SubgroupPage],
  ['/subgroup', SubgroupPage],
  ['/reports', ReportsPage],
  ['/admin', AdminPage],
  ['/profile', ProfilePage],
  ['/community-setup', CommunitySetupPage],
];

// A page the server sent signed in (the session is in index.html) starts the shell's and its screen's downloads as
// the entry runs, not after the first render (some 200 ms later on a slow phone: issue 40 item 4).
if (typeof window !== 'undefined' && pageCarriesSession()) {
  const screen = SIGNED_IN_SCREENS.find(([path]) => path === window.location.pathname);
  if (screen) void preloadShellAndPage(screen[1]);
}

// The toasts' code (Radix Toast and its layers, some 9 KB) is not in the first load (issue 40 item 4): it is part of
// the signed-in screens' shared chunk (vite.config.ts), there with the first signed-in screen or fetched with the
// first toast on a signed-out one; the service worker keeps it for offline use like every other chunk.
const Toaster = lazyComponent(() => import('@/components/ui/toaster').then((module) => module.Toaster));

/**
 * The toasts, mounted with the first one. The wrapper is there from the start because a modal dialog hides
 * (aria-hidden) everything outside it but the live regions present when it opens (the aria-hidden package keeps
 * every [aria-live] element): a toast's viewport mounted later inside it stays readable and clickable.
 */
function ToasterOnceNeeded() {
  const { toasts } = useToast();
  return (
    <div aria-live="off">
      <MountWhenOpened open={toasts.length > 0}>
        <Toaster />
      </MountWhenOpened>
    </div>
  );
}

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/auth" component={AuthPage} />
        <Route path="/community-access" component={CommunityAccessPage} />
        <Route path="/apply" component={ApplyPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        {/* One key for all: the Switch renders the matched route alone, and the same key keeps the shell mounted from
            screen to screen (a key per path would remount it on every navigation). */}
        {SIGNED_IN_SCREENS.map(([path, Page]) => (
          <ProtectedRoute key="signed-in" path={path} component={Page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * Providers and routes. The router is wouter's browser location unless a <Router> above
 * supplies another (tests use a memory location).
 */
export function App({ queryClient = defaultQueryClient }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <FollowUserLocale />
        <OfflineBanner />
        <AppRoutes />
        <ToasterOnceNeeded />
      </AuthProvider>
    </QueryClientProvider>
  );
}
