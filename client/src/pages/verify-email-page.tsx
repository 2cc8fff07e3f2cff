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
import { Trans, translateMessage, useT } from '@/i18n';
import { errorMessage, findApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/**
 * /verify-email?token=… from the verification e-mail: follows the link once, signed in as the account it was
 * sent for (signed out, the page asks to sign in first, in whatever browser the e-mail opened), and says what
 * happened, with a way on.
 */
export function VerifyEmailPage() {
  const t = useT();
  useDocumentTitle(t('Confirm your e-mail'));
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
      <AccountLinkLayout title={t('Sign in to confirm your e-mail')}>
        <p className="text-sm text-muted-foreground">{t('Only you can confirm your address: sign in to the account you created, and we confirm it at once.')}</p>
        <SignInForm />
      </AccountLinkLayout>
    );
  }

  const onward = user ? (
    <Button asChild>
      <Link href="/">{t('Continue')}</Link>
    </Button>
  ) : (
    <Button asChild>
      <Link href="/auth">{t('Sign in')}</Link>
    </Button>
  );

  if (user && findApiError(verify.error)?.code === 'link_other_account') {
    return (
      <AccountLinkLayout title={t('This link is for another account')}>
        <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
          {errorMessage(verify.error, t('This link confirms the e-mail of another account.'))}
        </StatusNote>
        <p className="text-sm text-muted-foreground">
          <Trans
            id="You are signed in as <0>{account}</0>. The link stays good for its own account."
            values={{ account: user.email ?? user.displayName }}
            components={{ 0: <span className="font-medium [overflow-wrap:anywhere]" /> }}
          />
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            <LogOut aria-hidden="true" />
            {logoutMutation.isPending ? t('Signing Out...') : t('Sign out')}
          </Button>
          <Button asChild variant="outline">
            <Link href="/">{t('Stay signed in')}</Link>
          </Button>
        </div>
      </AccountLinkLayout>
    );
  }
  if (!token || verify.isError) {
    return (
      <AccountLinkLayout title={t('This link does not work')}>
        <StatusNote tone="error" icon={<CircleAlert aria-hidden="true" />}>
          {token ? errorMessage(verify.error, t('This link is not valid any more.')) : t('This link is incomplete. Open it again from the e-mail.')}
        </StatusNote>
        {user && !user.emailVerified ? <ResendVerificationButton /> : null}
        {user?.emailVerified ? <p className="text-sm text-muted-foreground">{t('Your e-mail is already verified: there is nothing more to do.')}</p> : null}
        {onward}
      </AccountLinkLayout>
    );
  }
  if (verify.isSuccess) {
    return (
      <AccountLinkLayout title={t('E-mail confirmed')}>
        <StatusNote tone="success" icon={<CircleCheck aria-hidden="true" />}>
          {translateMessage(verify.data.message)}
        </StatusNote>
        {onward}
      </AccountLinkLayout>
    );
  }
  return (
    <AccountLinkLayout title={t('Confirming your e-mail')}>
      <StatusNote tone="muted" icon={<LoaderCircle className="animate-spin" aria-hidden="true" />}>
        {t('One moment…')}
      </StatusNote>
    </AccountLinkLayout>
  );
}
