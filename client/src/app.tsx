import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { FullPageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { AuthPage } from '@/pages/auth-page';
import { NotFoundPage } from '@/pages/not-found-page';

/** A screen loaded on demand; `preload` starts the download early (the protected route does once a user is known). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): LazyPage {
  let loading: Promise<Module> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download (offline) is retried on the next visit
      throw error;
    });
    return loading;
  };
  return Object.assign(
    lazy(() => preload().then((module) => ({ default: pick(module) }))),
    { preload },
  );
}

// Only /auth, the first screen of most visits, is in the first bundle (scripts/bundle-budget.mjs checks its
// size); every other screen loads on demand, with a centred spinner meanwhile. Chart.js comes with /reports only.
const CommunityAccessPage = lazyPage(() => import('@/pages/community-access-page'), (module) => module.CommunityAccessPage);
const ApplyPage = lazyPage(() => import('@/pages/apply-page'), (module) => module.ApplyPage);
const DashboardPage = lazyPage(() => import('@/pages/dashboard-page'), (module) => module.DashboardPage);
const TrackingPage = lazyPage(() => import('@/pages/tracking-page'), (module) => module.TrackingPage);
const QuestionsPage = lazyPage(() => import('@/pages/questions-page'), (module) => module.QuestionsPage);
const MeetingsPage = lazyPage(() => import('@/pages/meetings-page'), (module) => module.MeetingsPage);
const SubgroupPage = lazyPage(() => import('@/pages/subgroup-page'), (module) => module.SubgroupPage);
const ReportsPage = lazyPage(() => import('@/pages/reports-page'), (module) => module.ReportsPage);
const AdminPage = lazyPage(() => import('@/pages/admin-page'), (module) => module.AdminPage);
const ProfilePage = lazyPage(() => import('@/pages/profile-page'), (module) => module.ProfilePage);
const CommunitySetupPage = lazyPage(() => import('@/pages/community-setup-page'), (module) => module.CommunitySetupPage);

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/auth" component={AuthPage} />
        <Route path="/community-access" component={CommunityAccessPage} />
        <Route path="/apply" component={ApplyPage} />
        <ProtectedRoute path="/" component={DashboardPage} />
        <ProtectedRoute path="/tracking" component={TrackingPage} />
        <ProtectedRoute path="/questions" component={QuestionsPage} />
        <ProtectedRoute path="/meetings" component={MeetingsPage} />
        <ProtectedRoute path="/my-subgroup" component={SubgroupPage} />
        <ProtectedRoute path="/subgroup" component={SubgroupPage} />
        <ProtectedRoute path="/reports" component={ReportsPage} />
        <ProtectedRoute path="/admin" component={AdminPage} />
        <ProtectedRoute path="/profile" component={ProfilePage} />
        <ProtectedRoute path="/community-setup" component={CommunitySetupPage} />
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
        <AppRoutes />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
