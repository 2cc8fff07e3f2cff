import { type QueryClient, type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import type { LoginBody, PublicUser, RegisterBody } from '@shared/contracts/auth';
import { OPTIONAL_SESSION_QUERY } from '@shared/contracts/session-check';
import { dismissToast, toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { apiJson, apiRequest, getQueryFn } from './api-client';
import { toastError } from './notify';
import { communityName, getStoredCommunityId, MEMBERSHIPS_QUERY_KEY, type Membership, setStoredCommunityId, useMembershipsQuery } from './community';
import { takePageSession } from './page-session';
import { onCommunityGone } from './query-client';
import { type GoogleIdentity, hasPendingGoogleRedirect, signInWithGooglePopup, signOutOfFirebase, takeGoogleRedirectResult } from './firebase';
import { googlePopupProblem } from './google-popup';
import { isServerUnreachable, isUnreachableError, retryDelayMs, setServerUnreachable, subscribeToReachability } from './reachability';

export const USER_QUERY_KEY = ['/api/user'] as const;

export interface AuthContextValue {
  user: PublicUser | null;
  /** True until GET /api/user has answered. */
  isLoading: boolean;
  /** The server could not be reached when asked who is signed in (the app shows the last known user, if any). */
  unreachable: boolean;
  /** Asks the server again now (the unreachable notice's Retry). */
  retryReach: () => void;
  memberships: Membership[];
  /** True while a signed-in user's memberships load. */
  membershipsLoading: boolean;
  /** The memberships could not be read and none are known: not "no community yet" (issue 41). */
  membershipsFailed: boolean;
  /** Reads the memberships again (the failure's Retry). */
  retryMemberships: () => void;
  loginMutation: UseMutationResult<PublicUser, Error, LoginBody>;
  registerMutation: UseMutationResult<PublicUser, Error, RegisterBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
  /** Ends every session of the account (this one too) and forgets every push device. */
  logoutEverywhereMutation: UseMutationResult<void, Error, void>;
  /** Forgets the signed-in user here after the server ended the session (an account deleted): screens, cache, community. */
  forgetSignedInUser: (title: string) => void;
  /** Resolves null when the popup failed or was closed (only logged) or a redirect sign-in started. */
  googleMutation: UseMutationResult<PublicUser | null, Error, void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const NO_MEMBERSHIPS: Membership[] = [];

const postGoogleSignIn = (identity: GoogleIdentity) => apiJson<PublicUser>('POST', '/api/auth/google', identity);

export function AuthProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  // Signed in as the page was sent: the server put the user and memberships into it (lib/page-session.ts),
  // filed before the first read, so neither is asked for. Once per page: the tag is gone after.
  useState(() => takePageSession(queryClient, USER_QUERY_KEY));
  const userQuery = useQuery<PublicUser | null>({
    queryKey: USER_QUERY_KEY,
    queryFn: (context) => whoIsSignedIn(queryClient, context),
  });
  const user = userQuery.data ?? null;
  const unreachable = useSyncExternalStore(subscribeToReachability, isServerUnreachable, isServerUnreachable);
  // The server could not be reached: ask again, 2 s then doubling to 30 s, until it answers.
  const failures = useRef(0);
  useEffect(() => {
    if (!unreachable) {
      failures.current = 0;
      return;
    }
    const timer = setTimeout(() => void queryClient.refetchQueries({ queryKey: USER_QUERY_KEY, exact: true }), retryDelayMs(failures.current++));
    return () => clearTimeout(timer);
  }, [unreachable, userQuery.dataUpdatedAt, userQuery.errorUpdatedAt, queryClient]);

  const membershipsQuery = useMembershipsQuery(user !== null);
  const membershipsError = membershipsQuery.error;
  useEffect(() => {
    if (membershipsError) {
      toastError(t('Failed to fetch memberships'), membershipsError);
    }
  }, [membershipsError]);

  // Removed from the community on screen (or it is gone) while signed in: leave its screens, drop what was
  // cached of it, and say why. Several calls fail at once then; the first one handles it.
  const lastCommunityGone = useRef(0);
  useEffect(
    () =>
      onCommunityGone((reportedId) => {
        const shownId = getStoredCommunityId();
        // Only the community this page is showing: a refusal about another one changes nothing here.
        if (reportedId !== undefined && shownId !== null && reportedId !== shownId) return;
        if (Date.now() - lastCommunityGone.current < 3000) return;
        lastCommunityGone.current = Date.now();
        const goneId = reportedId ?? shownId;
        const gone = queryClient.getQueryData<Membership[]>(MEMBERSHIPS_QUERY_KEY)?.find((membership) => membership.communityId === goneId);
        setStoredCommunityId(null);
        navigate('/community-access', { replace: true });
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] && query.queryKey[0] !== MEMBERSHIPS_QUERY_KEY[0] });
        void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
        toast({
          title: t('No longer a member'),
          description: gone
            ? t('You are no longer a member of {name}. Join again with a new invitation code if you are welcome back.', { name: communityName(gone) })
            : t('You are no longer a member of that community.'),
          variant: 'destructive',
        });
      }),
    [queryClient, navigate, t],
  );

  const signedIn = (signedInUser: PublicUser) => {
    dismissToast(); // an earlier 'Login failed' no longer applies
    queryClient.setQueryData(USER_QUERY_KEY, signedInUser);
    void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
  };

  const googleSignedIn = (signedInUser: PublicUser) => {
    signedIn(signedInUser);
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    toast({ title: t('Welcome, {name}!', { name: signedInUser.displayName }), description: t('You are signed in with Google.'), variant: 'success' });
  };

  const googleFailed = (error: unknown) => {
    toastError(t('Google Sign In failed'), error, t('Authentication failed'));
  };

  const loginMutation = useMutation<PublicUser, Error, LoginBody>({
    mutationFn: (credentials) => apiJson<PublicUser>('POST', '/api/login', credentials),
    onSuccess: signedIn,
    onError: (error) => toastError(t('Login failed'), error),
  });

  const registerMutation = useMutation<PublicUser, Error, RegisterBody>({
    mutationFn: (body) => apiJson<PublicUser>('POST', '/api/register', body),
    onSuccess: signedIn,
    onError: (error) => toastError(t('Registration failed'), error),
  });

  const signedOut = (title: string) => {
    queryClient.setQueryData(USER_QUERY_KEY, null);
    // Everything else the previous user saw goes, so the next person on this device sees none of it.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    setStoredCommunityId(null);
    navigate('/auth');
    toast({ title });
  };

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await signOutOfFirebase().catch((error: unknown) => console.error('Firebase sign-out failed', error));
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => signedOut(t('Signed out successfully')),
    onError: (error) => toastError(t('Logout failed'), error),
  });

  const logoutEverywhereMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout-everywhere');
      await signOutOfFirebase().catch((error: unknown) => console.error('Firebase sign-out failed', error));
    },
    onSuccess: () => signedOut(t('Signed out on every device')),
    onError: (error) => toastError(t('Could not sign out everywhere'), error),
  });

  const googleMutation = useMutation<PublicUser | null, Error, void>({
    mutationFn: async () => {
      let identity: GoogleIdentity | null;
      try {
        identity = await signInWithGooglePopup();
      } catch (error) {
        console.error('Google sign-in popup failed', error);
        // Closed by the person: nothing to say (SPEC.md section 8). Blocked or failed: say so (issue 23).
        const problem = googlePopupProblem(error);
        if (problem) toast({ title: t('Google Sign In failed'), description: problem, variant: 'destructive' });
        return null;
      }
      return identity ? postGoogleSignIn(identity) : null;
    },
    onSuccess: (signedInUser) => {
      if (signedInUser) googleSignedIn(signedInUser);
    },
    onError: googleFailed,
  });

  // Coming back from a redirect sign-in (the fallback when the popup was blocked).
  // Pending, not only loading: offline the first read waits (paused) for the network or the kept data.
  const userResolved = !userQuery.isPending;
  useEffect(() => {
    if (!userResolved || user || !hasPendingGoogleRedirect()) return;
    takeGoogleRedirectResult().then(
      (identity) => {
        if (identity) postGoogleSignIn(identity).then(googleSignedIn, googleFailed);
      },
      (error: unknown) => {
        console.error('Google redirect sign-in failed', error);
        toast({ title: t('Authentication error'), description: t('Failed to sign in with Google'), variant: 'destructive' });
      },
    );
    // Runs when the signed-out state is known; the pending flag makes it a one-off.
  }, [userResolved, user]);

  const value: AuthContextValue = {
    user,
    isLoading: userQuery.isPending,
    unreachable,
    retryReach: () => void queryClient.refetchQueries({ queryKey: USER_QUERY_KEY, exact: true }),
    memberships: membershipsQuery.data ?? NO_MEMBERSHIPS,
    membershipsLoading: user !== null && membershipsQuery.isPending,
    membershipsFailed: user !== null && membershipsQuery.isError && membershipsQuery.data === undefined,
    retryMemberships: () => void membershipsQuery.refetch(),
    loginMutation,
    registerMutation,
    logoutMutation,
    logoutEverywhereMutation,
    forgetSignedInUser: signedOut,
    googleMutation,
  };
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** /api/user?optional=1 (as index.html preloads it): signed out is answered 200 null, not a 401 the browser would log. */
const askServerWhoIsSignedIn = getQueryFn<PublicUser>({ on401: 'returnNull', search: OPTIONAL_SESSION_QUERY });

/**
 * Who is signed in (issue 38 item 11): only the server's own answer says signed out. When it cannot be reached
 * (a network error, a 5xx), the last known user and screens come back from the offline copy and the app says
 * the server cannot be reached; when it answers again, everything shown is read afresh.
 */
async function whoIsSignedIn(queryClient: QueryClient, context: Parameters<typeof askServerWhoIsSignedIn>[0]): Promise<PublicUser | null> {
  try {
    const user = await askServerWhoIsSignedIn(context);
    if (isServerUnreachable()) {
      setServerUnreachable(false);
      // What was shown came from the kept copy: read it all again (the user query has its answer already).
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    }
    return user;
  } catch (error) {
    if (!isUnreachableError(error)) throw error;
    setServerUnreachable(true);
    const known = queryClient.getQueryData<PublicUser | null>(USER_QUERY_KEY);
    if (known) return known;
    const { restoreOfflineCache } = await import('./offline-copy');
    const kept = await restoreOfflineCache(queryClient);
    if (kept) return kept;
    throw error;
  }
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
