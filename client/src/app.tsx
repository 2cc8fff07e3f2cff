import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { ProtectedRoute } from '@/components/layout/protected-route';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/lib/auth';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { ApplyPage } from '@/pages/apply-page';
import { AuthPage } from '@/pages/auth-page';
import { CommunityAccessPage } from '@/pages/community-access-page';
import { CommunitySetupPage } from '@/pages/community-setup-page';
import { MeetingsPage } from '@/pages/meetings-page';
import { NotFoundPage } from '@/pages/not-found-page';
import { QuestionsPage } from '@/pages/questions-page';
import { SubgroupPage } from '@/pages/subgroup-page';

// Screens with heavier dependencies load on demand (the protected route shows its spinner meanwhile).
const ProfilePage = lazy(() => import('@/pages/profile-page').then((module) => ({ default: module.ProfilePage })));
const DashboardPage = lazy(() => import('@/pages/dashboard-page').then((module) => ({ default: module.DashboardPage })));
const TrackingPage = lazy(() => import('@/pages/tracking-page').then((module) => ({ default: module.TrackingPage })));
// Chart.js comes with /reports only.
const ReportsPage = lazy(() => import('@/pages/reports-page').then((module) => ({ default: module.ReportsPage })));
const AdminPage = lazy(() => import('@/pages/admin-page').then((module) => ({ default: module.AdminPage })));

/** The route table of SPEC.md section 2. */
export function AppRoutes() {
  return (
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
