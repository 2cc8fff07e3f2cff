import type { CommunityMember } from '@shared/contracts/communities';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { toast } from '@/components/ui/use-toast';
import { type Translate, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useRemoveMember } from '../api';

export const removeConfirmation = (name: string, t: Translate) => t('Are you sure you want to remove {name} from the community? This action cannot be undone.', { name });

/** Confirms and removes a member with DELETE /api/communities/{id}/members/{userId}. */
export function RemoveMemberDialog({ communityId, member, onClose }: { communityId: string; member: CommunityMember | null; onClose: () => void }) {
  const t = useT();
  const remove = useRemoveMember(communityId);
  const confirm = () => {
    if (!member) return;
    remove.mutate(member, {
      onSuccess: () => toast({ title: t('Member Removed'), description: t('{name} has been removed from the community.', { name: member.displayName }), variant: 'success' }),
      onError: (error) => toastError(t('Removal Failed'), error, t('Failed to remove member')),
      onSettled: onClose,
    });
  };
  return (
    <AlertDialog open={member !== null} onOpenChange={(open) => (open || remove.isPending ? undefined : onClose())}>
      <ConfirmDialogContent
        title={t('Remove Member')}
        description={member ? removeConfirmation(member.displayName, t) : null}
        confirmLabel={t('Remove')}
        pendingLabel={t('Removing...')}
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </AlertDialog>
  );
}
