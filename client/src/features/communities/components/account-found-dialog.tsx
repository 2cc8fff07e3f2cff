import History from 'lucide-react/icons/history';
import { useQueryClient } from '@tanstack/react-query';
import type { ClaimInfo } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
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
        toast({ title: 'Account claimed successfully!', description: 'Your account data has been transferred. Welcome back!', variant: 'success' });
        // The claimant may take the imported display name.
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        await onDone();
      },
      onError: (error) => toastError('Failed to claim account', error),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : skip())}>
      <DialogContent>
        <DialogHeader>
          <span className="mb-1 flex size-11 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
            <History className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Account Found!</DialogTitle>
          <DialogDescription>
            We found earlier records in this community that match <strong className="text-foreground">{matchingName}</strong>.
          </DialogDescription>
        </DialogHeader>
        {savedAsDifferent || claimInfo?.importedUserEmail ? (
          <dl className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
            {savedAsDifferent ? (
              <div>
                <dt className="inline text-muted-foreground">Previously saved as </dt>
                <dd className="inline font-medium">{importedName}</dd>
              </div>
            ) : null}
            {claimInfo?.importedUserEmail ? (
              <div>
                <dt className="inline text-muted-foreground">Imported from </dt>
                <dd className="inline font-medium">{claimInfo.importedUserEmail}</dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="rounded-xl bg-muted p-4 text-sm">Imported by your community's leaders.</p>
        )}
        {claimInfo?.askModerator ? (
          <p className="text-sm">
            These records have no e-mail on file, so they cannot be claimed from here. Ask your moderator to link your history to your account.
          </p>
        ) : claimInfo?.needsEmailVerification ? (
          <p className="text-sm">
            First confirm that this e-mail is yours: open the link we sent you. Once it is confirmed, this history moves to your account by itself.
          </p>
        ) : (
          <p className="text-sm">Claiming transfers all your previous accountability data, daily logs, questions and meeting history to this account.</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={skip} disabled={claim.isPending}>
            {claimInfo?.canClaim ? 'Skip for Now' : 'Continue'}
          </Button>
          {claimInfo?.canClaim ? (
            <Button onClick={claimData} disabled={claim.isPending}>
              {claim.isPending ? 'Claiming...' : 'Claim Data'}
            </Button>
          ) : claimInfo?.needsEmailVerification ? (
            <ResendVerificationButton variant="default" />
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
