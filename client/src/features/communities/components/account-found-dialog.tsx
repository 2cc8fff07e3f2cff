import History from 'lucide-react/icons/history';
import { useQueryClient } from '@tanstack/react-query';
import type { ClaimInfo } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { Trans, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { USER_QUERY_KEY, useAuth } from '@/lib/auth';
import { ResendVerificationButton } from '@/features/auth/components/resend-verification-button';
import { useClaimImportedUser } from '../api';
import { welcomeToast } from '../messages';

/**
 * 'Account Found!' (SPEC.md section 2, checklist P20-P24): after joining, history imported under the
 * member's name can be claimed. Skipping (or closing) keeps the new membership and the imported record.
 * `onDone` refreshes the memberships and opens the dashboard.
 */
export function AccountFoundDialog({ claimInfo, onDone }: { claimInfo: ClaimInfo | null; onDone: () => Promise<void> | void }) {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const claim = useClaimImportedUser();
  const open = claimInfo !== null;

  const importedName = claimInfo?.importedUserName?.trim() || null;
  const matchingName = user?.displayName ?? importedName ?? '';
  const savedAsDifferent = importedName !== null && importedName !== user?.displayName;

  const skip = () => {
    if (claim.isPending) return;
    welcomeToast();
    void onDone();
  };

  const claimData = () => {
    const importedUserId = claimInfo?.importedUserId;
    if (!importedUserId) return;
    claim.mutate(importedUserId, {
      onSuccess: async () => {
        toast({ title: t('Account claimed successfully!'), description: t('Your account data has been transferred. Welcome back!'), variant: 'success' });
        // The claimant may take the imported display name.
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        await onDone();
      },
      onError: (error) => toastError(t('Failed to claim account'), error),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : skip())}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
            <History className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>{t('Account Found!')}</DialogTitle>
          <DialogDescription>
            <Trans
              id="We found earlier records in this community that match <0>{name}</0>."
              values={{ name: matchingName }}
              components={{ 0: <strong className="text-foreground" /> }}
            />
          </DialogDescription>
        </DialogHeader>
        {savedAsDifferent || claimInfo?.importedUserEmail ? (
          <dl className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
            {savedAsDifferent ? (
              <div>
                <dt className="inline text-muted-foreground">{t('Previously saved as')} </dt>
                <dd className="inline font-medium">{importedName}</dd>
              </div>
            ) : null}
            {claimInfo?.importedUserEmail ? (
              <div>
                <dt className="inline text-muted-foreground">{t('Imported from')} </dt>
                <dd className="inline font-medium">{claimInfo.importedUserEmail}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="rounded-xl bg-muted p-4 text-sm">{t("Imported by your community's leaders.")}</p>
        )}
        {claimInfo?.askModerator ? (
          <p className="text-sm">
            {t('These records have no e-mail on file, so they cannot be claimed from here. Ask your moderator to link your history to your account.')}
          </p>
        ) : claimInfo?.needsEmailVerification ? (
          <p className="text-sm">
            {t('First confirm that this e-mail is yours: open the link we sent you. Once it is confirmed, this history moves to your account by itself.')}
          </p>
        ) : (
          <p className="text-sm">{t('Claiming transfers all your previous accountability data, daily logs, questions and meeting history to this account.')}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={skip} disabled={claim.isPending}>
            {claimInfo?.canClaim ? t('Skip for Now') : t('Continue')}
          </Button>
          {claimInfo?.canClaim ? (
            <Button onClick={claimData} disabled={claim.isPending}>
              {claim.isPending ? t('Claiming...') : t('Claim Data')}
            </Button>
          ) : claimInfo?.needsEmailVerification ? (
            <ResendVerificationButton variant="default" />
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
