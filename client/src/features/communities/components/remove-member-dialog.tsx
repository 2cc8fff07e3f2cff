import type { CommunityMember } from '@shared/contracts/communities';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/lib/notify';
import { useRemoveMember } from '../api';

export const removeConfirmation = (name: string) => `Are you sure you want to remove ${name} from the community? This action cannot be undone.`;

/** Confirms and removes a member with DELETE /api/communities/{id}/members/{userId}. */
export function RemoveMemberDialog({ communityId, member, onClose }: { communityId: string; member: CommunityMember | null; onClose: () => void }) {
  const remove = useRemoveMember(communityId);
  const confirm = () => {
    if (!member) return;
    remove.mutate(member, {
      onSuccess: () => toast({ title: 'Member Removed', description: `${member.displayName} has been removed from the community.`, variant: 'success' }),
      onError: (error) => toastError('Removal Failed', error, 'Failed to remove member'),
      onSettled: onClose,
    });
  };
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}>
      <ConfirmDialogContent
        title="Remove Member"
        description={member ? removeConfirmation(member.displayName) : null}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}
