import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { MEMBERSHIPS_QUERY_KEY, setStoredCommunityId } from '@/lib/community';
import { useAuth } from '@/lib/auth';
import { communityKeys, useLeaveCommunity, useRoleHolderCount } from '../api';

export const LAST_MODERATOR_LEAVE_REASON = msg(
  'You are the last Community Moderator. Make another member a Community Moderator before leaving, so the community is never without one.',
);

export const LEAVE_CONFIRMATION = msg("Are you sure you want to leave this community? This action cannot be undone and you'll need an invite code to rejoin.");

/**
 * The Danger Zone: leave the community after a confirmation, then choose or join another. The last
 * Community Moderator is told why they cannot leave before anything is asked; an administrator who is not
 * a member has nothing to leave, so the card is not shown.
 */
export function LeaveCommunityCard({ communityId }: { communityId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const leave = useLeaveCommunity(communityId);
  const { memberships } = useAuth();
  const membership = memberships.find((candidate) => candidate.communityId === communityId);
  const isModerator = membership?.id != null && membership.roles.includes('CommunityModerator');
  // Only a moderator can be the last one: then ask how many hold the role, not for the whole list.
  const moderators = useRoleHolderCount(communityId, 'CommunityModerator', isModerator);
  const lastModerator = isModerator && moderators.data === 1;

  const confirm = () => {
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('Left community successfully'), description: t('You can join again with an invitation code from the community.'), variant: 'success' });
        setStoredCommunityId(null);
        navigate('/community-access');
        queryClient.removeQueries({ queryKey: communityKeys.detail(communityId) });
        void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
      },
      onError: (error) => {
        setOpen(false);
        toastError(t('Failed to leave community'), error);
      },
    });
  };

  if (!membership?.id) return null;
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">{t('Danger Zone')}</CardTitle>
        <CardDescription>{t('Leaving removes you from this community. To come back, you need an invitation code from it.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => (leave.isPending ? undefined : setOpen(next))}>
          <Button variant="destructive" onClick={() => setOpen(true)} disabled={lastModerator} aria-describedby={lastModerator ? 'last-moderator-reason' : undefined}>
            <LogOut aria-hidden="true" />
            {t('Leave Community')}
          </Button>
          {lastModerator ? (
            <p id="last-moderator-reason" className="mt-3 text-sm text-muted-foreground">
              {t(LAST_MODERATOR_LEAVE_REASON)}
            </p>
          ) : null}
          <ConfirmDialogContent
            title={t('Leave Community')}
            description={t(LEAVE_CONFIRMATION)}
            confirmLabel={t('Leave Community')}
            pendingLabel={t('Leaving...')}
            pending={leave.isPending}
            onConfirm={confirm}
          />
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
