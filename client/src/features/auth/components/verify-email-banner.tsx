import MailWarning from 'lucide-react/icons/mail-warning';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Trans, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { claimWasSent } from '../claim-notice';
import { ResendVerificationButton } from './resend-verification-button';
import { EmailAddress } from '@/components/ui/email-address';

const dismissedKey = (userId: string) => `steadfast.verify-banner-dismissed.${userId}`;

/**
 * Until the e-mail is verified: what to do, a way to get a new link, and a way to put it away for this
 * browser session (it returns next time: some things, like claiming imported history, wait for it).
 */
export function VerifyEmailBanner() {
  const t = useT();
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(() => (user ? sessionStorage.getItem(dismissedKey(user.id)) === '1' : false));
  if (!user || user.emailVerified || !user.email || dismissed) return null;
  const dismiss = () => {
    sessionStorage.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };
  // The notice's words in bold and the address, placed in either message.
  const emphasisAndAddress = {
    0: <strong className="font-semibold" />,
    1: (
      <span className="font-medium [overflow-wrap:anywhere]">
        <EmailAddress email={user.email} />
      </span>
    ),
  };
  return (
    <section aria-label={t('Confirm your e-mail')} className="border-b border-accent-200 bg-accent-50 text-accent-900">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <MailWarning className="size-5 shrink-0 text-accent-700" aria-hidden="true" />
        {claimWasSent(user.id) ? (
          <p className="min-w-0 flex-1 basis-56 text-sm">
            <Trans
              id="<0>Your history is on its way.</0> We sent a link to <1/>. Open it to prove the address is yours: your imported history, your community and your role arrive as soon as you do."
              components={emphasisAndAddress}
            />
          </p>
        ) : (
          <p className="min-w-0 flex-1 basis-56 text-sm">
            <Trans
              id="<0>Please confirm your e-mail.</0> We sent a link to <1/>. Open it to prove the address is yours; history your community imported for it comes with it."
              components={emphasisAndAddress}
            />
          </p>
        )}
        <div className="flex items-center gap-2">
          <ResendVerificationButton size="sm" />
          <Button variant="ghost" size="icon" onClick={dismiss} aria-label={t('Dismiss this reminder')}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
    </section>
  );
}
