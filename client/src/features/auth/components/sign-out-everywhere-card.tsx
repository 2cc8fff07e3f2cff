import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

/**
 * "Sign out everywhere" on Profile (issue 38 item 1): for a lost phone, a shared computer left signed in, or a
 * device someone else used. Every session ends, this one too, and no device receives this account's pushes.
 */
export function SignOutEverywhereCard() {
  const t = useT();
  const { logoutEverywhereMutation: signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('Signed-in devices')}</CardTitle>
        <CardDescription>{t('Lost a phone, or signed in on a computer that is not yours? Sign out on every device at once.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={signOut.isPending}>
          <LogOut aria-hidden="true" />
          {t('Sign out everywhere')}
        </Button>
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={(open) => (signOut.isPending ? undefined : setConfirming(open))}>
        <ConfirmDialogContent
          title={t('Sign out everywhere?')}
          description={t(
            'You will be signed out here and on every other phone and computer, and none of them will receive push notifications until you sign in and turn push on again.',
          )}
          confirmLabel={t('Sign out everywhere')}
          pendingLabel={t('Signing out...')}
          pending={signOut.isPending}
          onConfirm={() => signOut.mutate(undefined, { onSettled: () => setConfirming(false) })}
        />
      </AlertDialog>
    </Card>
  );
}
