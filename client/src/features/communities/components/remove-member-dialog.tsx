import type { CommunityMember } from '@shared/contracts/communities';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRemoveMember } from '../api';

export const removeConfirmation = (name: string) => `Are you sure you want to remove ${name} from the community? This action cannot be undone.`;

export const cannotRemoveYourself = () =>
  toast({ title: 'Cannot Remove Yourself', description: 'You cannot remove yourself from the community', variant: 'destructive' });

/** Confirms and removes a member with DELETE /api/communities/{id}/members/{userId}. */
export function RemoveMemberDialog({ communityId, member, onClose }: { communityId: string; member: CommunityMember | null; onClose: () => void }) {
  const remove = useRemoveMember(communityId);
  const confirm = () => {
    if (!member) return;
    remove.mutate(member, {
      onSuccess: () => toast({ title: 'Member Removed', description: `${member.displayName} has been removed from the community.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Removal Failed', description: errorMessage(error, 'Failed to remove member'), variant: 'destructive' }),
      onSettled: onClose,
    });
  };
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove Member</AlertDialogTitle>
          <AlertDialogDescription>{member ? removeConfirmation(member.displayName) : null}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault(); // stays open while the call runs
              confirm();
            }}
          >
            {remove.isPending ? 'Removing...' : 'Remove'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
