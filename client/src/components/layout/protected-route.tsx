import { type ComponentType, type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Redirect } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { lazyComponent } from '@/lib/lazy-component';
import { MembershipsUnavailable } from './memberships-unavailable';

// The shell (top bar, menus, slide-out navigation) is only for signed-in members, so it stays out of
// the first bundle that /auth needs; it starts loading as soon as a user is known.
const AppShell = lazyComponent(() => import('./app-shell').then((module) => module.AppShell));
// Shown only when the server cannot be reached and nothing was kept: its own small chunk (precached offline).
const ServerUnreachablePage = lazyComponent(() => import('./unreachable').then((module) => module.ServerUnreachablePage));

/** Starts downloading the shell's and a screen's code; settles when both are there (or failed). */
export function preloadShellAndPage(Page: ProtectedRouteProps['component']): Promise<unknown> {
  return Promise.allSettled([AppShell.preload(), Page.preload?.()]);
}

/** Whether the shell has been on screen since the page loaded. */
let shellShown = false;

interface ProtectedRouteProps {
  /** Read by wouter's <Switch> to match the route. */
  path: string;
  /** A screen loaded on demand (lazyComponent) is downloaded together with the shell. */
  component: ComponentType & { preload?: () => Promise<unknown>; loaded?: () => boolean };
}

/**
 * SPEC.md section 2: a centred spinner while the user or memberships load; no user goes to /auth;
 * no membership goes to /community-access (memberships that could not be read say so, with Retry); otherwise
 * the page inside the app shell.
 */
export function ProtectedRoute({ component: Page }: ProtectedRouteProps) {
  const { user, isLoading, memberships, membershipsLoading, membershipsFailed, retryMemberships, unreachable } = useAuth();
  const codeReady = useShellAndPageCode(user !== null, Page);
  const member = user !== null && memberships.length > 0;
  // On the way in, the spinner stays until the shell's and the screen's code is there too, so they render at
  // once instead of behind a Suspense fallback, which React keeps up for at least 300 ms once shown. Once the
  // shell is on screen, the next screen loads behind the shell's own fallback (which keeps the shell mounted).
  const loading = isLoading || membershipsLoading || (member && !shellShown && !codeReady);
  useEffect(() => {
    if (member && !loading) shellShown = true;
  });
  // The shell and the screen are a large render: once the memberships are known it runs at transition
  // priority, in slices, so a slow phone stays responsive meanwhile (scripts/lighthouse.mjs).
  const stillLoading = useDeferredValue(loading);
  if (loading || (stillLoading && member)) return <FullPageSpinner />;
  // Only the server's own answer means signed out: unreachable with nothing kept, say so (it keeps trying).
  if (!user && unreachable) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ServerUnreachablePage />
      </Suspense>
    );
  }
  if (!user) return <Redirect to="/auth" replace />;
  if (membershipsFailed) return <MembershipsUnavailable onRetry={retryMemberships} />;
  if (memberships.length === 0) return <Redirect to="/community-access" replace />;
  return (
    <LazyAppShell>
      <Page />
    </LazyAppShell>
  );
}

/**
 * Downloads the shell's and the screen's code once a user is known, beside the memberships request instead
 * of after it; true when both are there (or a download failed: rendering then retries it through Suspense).
 */
function useShellAndPageCode(signedIn: boolean, Page: ProtectedRouteProps['component']): boolean {
  const loaded = () => AppShell.loaded() && (Page.loaded?.() ?? true);
  const [settledFor, setSettledFor] = useState<ProtectedRouteProps['component'] | null>(null);
  useEffect(() => {
    // Also when the code is there already: it may have arrived between the render and this effect (app.tsx starts
    // the downloads before the first render), and only this state renders the screen then.
    if (!signedIn) return;
    let current = true;
    void preloadShellAndPage(Page).then(() => {
      if (current) setSettledFor(() => Page);
    });
    return () => {
      current = false;
    };
  }, [signedIn, Page]);
  return loaded() || settledFor === Page;
}

/** The app shell, loaded on demand, around a signed-in member's screen (the spinner shows meanwhile). */
export function LazyAppShell({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppShell>{children}</AppShell>
    </Suspense>
  );
}

