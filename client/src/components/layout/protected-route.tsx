import { type ComponentType, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { Redirect } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { lazyComponent } from '@/lib/lazy-component';

// The shell (top bar, menus, slide-out navigation) is only for signed-in members, so it stays out of
// the first bundle that /auth needs; it starts loading as soon as a user is known.
const AppShell = lazyComponent(() => import('./app-shell').then((module) => module.AppShell));

interface ProtectedRouteProps {
  /** Read by wouter's <Switch> to match the route. */
  path: string;
  /** A screen loaded on demand may offer `preload`, started together with the shell. */
  component: ComponentType & { preload?: () => Promise<unknown> };
}

/**
 * SPEC.md section 2: a centred spinner while the user or memberships load; no user goes to /auth;
 * no membership goes to /community-access; otherwise the page inside the app shell.
 */
export function ProtectedRoute({ component: Page }: ProtectedRouteProps) {
  const { user, isLoading, memberships, membershipsLoading } = useAuth();
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    // Both downloads run beside the memberships request instead of one after the other.
    AppShell.preload().catch(() => {});
    Page.preload?.().catch(() => {});
  }, [signedIn, Page]);

  const loading = isLoading || membershipsLoading;
  // The shell and the screen are a large render: once the memberships are known it runs at transition
  // priority, in slices, so a slow phone stays responsive meanwhile (scripts/lighthouse.mjs).
  const stillLoading = useDeferredValue(loading);
  if (loading || (stillLoading && user && memberships.length > 0)) return <FullPageSpinner />;
  if (!user) return <Redirect to="/auth" replace />;
  if (memberships.length === 0) return <Redirect to="/community-access" replace />;
  return (
    <LazyAppShell>
      <Page />
    </LazyAppShell>
  );
}

/** The app shell, loaded on demand, around a signed-in member's screen (the spinner shows meanwhile). */
export function LazyAppShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell>{children}</AppShell>
    </Suspense>
  );
}
