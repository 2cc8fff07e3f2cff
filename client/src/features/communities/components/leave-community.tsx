import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { toastError } from '@/lib/notify';
import { MEMBERSHIPS_QUERY_KEY, setStoredCommunityId } from '@/lib/community';
import { communityKeys, useLeaveCommunity } from '../api';

export const LEAVE_CONFIRMATION = "Are you sure you want to leave this community? This action cannot be undone and you'll need an invite code to rejoin.";

/** The Danger Zone: leave the community after a confirmation, then choose or join another. */
export function LeaveCommunityCard({ communityId }: { communityId: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const leave = useLeaveCommunity(communityId);

  const confirm = () => {
    leave.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Left community successfully', description: 'You can join again with a new invitation code.', variant: 'success' });
        setStoredCommunityId(null);
        navigate('/community-access');
        queryClient.removeQueries({ queryKey: communityKeys.detail(communityId) });
        void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
      },
      onError: (error) => {
        setOpen(false);
        toastError('Failed to leave community', error);
      },
    });
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-destructive">Danger Zone</CardTitle>
        <CardDescription>Leaving removes you from this community. Coming back takes a new invitation code.</CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog open={open} onOpenChange={(next) => (leave.isPending ? undefined : setOpen(next))}>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            <LogOut aria-hidden="true" />
            Leave Community
          </Button>
          <ConfirmDialogContent
            title="Leave Community"
            description={LEAVE_CONFIRMATION}
            confirmLabel="Leave Community"
            pendingLabel="Leaving..."
            pending={leave.isPending}
            onConfirm={confirm}
          />
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
