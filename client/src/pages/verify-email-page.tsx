import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { AccountLinkLayout, StatusNote } from '@/features/auth/components/account-link-layout';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useVerifyEmail } from '@/features/auth/email-links-api';
import { errorMessage, findApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/**
 * /verify-email?token=… from the verification e-mail: follows the link once, signed in as the account it was
 * sent for (signed out, the page asks to sign in first, in whatever browser the e-mail opened), and says what
 * happened, with a way on.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your e-mail');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user, isLoading, logoutMutation } = useAuth();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const sent = useRef(false);
  const signedIn = user !== null;
  useEffect(() => {
    // Once, even when React runs effects twice in development: a token works once.
    if (!token || !signedIn || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, signedIn, mutate]);

  if (token && !user && !isLoading) {
    return (
      <AccountLinkLayout title="Sign in to confirm your e-mail">
        <p className="text-sm text-muted-foreground">
          Only you can confirm your address: sign in to the account you created, and we confirm it at once.
        </p>
        <SignInForm />
      </AccountLinkLayout>
    );
  }

  const onward = user ? (
    <Button asChild>
      <Link href="/">Continue</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link href="/auth">Sign in</Link>
    </Button>
  );

  if (user && findApiError(verify.error)?.code === 'link_other_account') {
    return (
      <AccountLinkLayout title="This link is for another account">
        <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
          {errorMessage(verify.error, 'This link confirms the e-mail of another account.')}
        </StatusNote>
        <p className="text-sm text-muted-foreground">
          You are signed in as <span className="font-medium [overflow-wrap:anywhere]">{user.email ?? user.displayName}</span>. The link stays good for its own account.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            <LogOut aria-hidden="true" />
            {logoutMutation.isPending ? 'Signing Out...' : 'Sign out'}
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Stay signed in</Link>
          </Button>
        </div>
      </AccountLinkLayout>
    );
  }
  if (!token || verify.isError) {
    return (
      <AccountLinkLayout title="This link does not work">
        <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
          {token ? errorMessage(verify.error, 'This link is not valid any more.') : 'This link is incomplete. Open it again from the e-mail.'}
        </StatusNote>
        {user && !user.emailVerified ? <ResendVerificationButton /> : null}
        {user?.emailVerified ? <p className="text-sm text-muted-foreground">Your e-mail is already verified: there is nothing more to do.</p> : null}
        {onward}
      </AccountLinkLayout>
    );
  }
  if (verify.isSuccess) {
    return (
      <AccountLinkLayout title="E-mail confirmed">
        <StatusNote tone="success" icon={<CircleCheck aria-hidden="true" />}>
          {verify.data.message}
        </StatusNote>
        {onward}
      </AccountLinkLayout>
    );
  }
  return (
    <AccountLinkLayout title="Confirming your e-mail">
      <StatusNote tone="muted" icon={<LoaderCircle className="animate-spin" aria-hidden="true" />}>
        One moment…
      </StatusNote>
    </AccountLinkLayout>
  );
}
