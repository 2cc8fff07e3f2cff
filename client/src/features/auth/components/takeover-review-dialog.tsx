import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PublicUser, TakeoverReview } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { apiRequest } from '@/lib/api-client';
import { useAuth, USER_QUERY_KEY } from '@/lib/auth';
import { getStoredCommunityId, MEMBERSHIPS_QUERY_KEY, setStoredCommunityId } from '@/lib/community';
import { formatLongDate } from '@/lib/dates';
import { toastError } from '@/lib/notify';

const REVIEW_KEY = ['/api/user/takeover-review'] as const;

/**
 * Shown once after a Google sign-in took over this account while its e-mail was unproven (issue 38 item 1):
 * whoever registered the address first may have joined communities in the owner's name. The owner sees which,
 * each with Leave, and says when they are done.
 */
export function TakeoverReviewDialog() {
  const { user } = useAuth();
  if (!user?.takeoverReviewPending) return null;
  return <Review />;
}

function Review() {
  const t = useT();
  const queryClient = useQueryClient();
  const review = useQuery<TakeoverReview>({ queryKey: REVIEW_KEY });
  const [confirming, setConfirming] = useState<string | null>(null);
  const done = useMutation<void, Error, void>({
    mutationFn: () => apiRequest('POST', '/api/user/takeover-review/done').then(() => undefined),
    onSuccess: () => queryClient.setQueryData<PublicUser | null>(USER_QUERY_KEY, (user) => (user ? { ...user, takeoverReviewPending: false } : user)),
    onError: (error) => toastError(t('Could not save that'), error),
  });
  const leave = useMutation<void, Error, { communityId: string; name: string }>({
    mutationFn: ({ communityId }) => apiRequest('POST', `/api/communities/${communityId}/leave`).then(() => undefined),
    onSuccess: (_result, { communityId, name }) => {
      setConfirming(null);
      if (getStoredCommunityId() === communityId) setStoredCommunityId(null);
      queryClient.setQueryData<TakeoverReview>(REVIEW_KEY, (current) => current && { communities: current.communities.filter((community) => community.communityId !== communityId) });
      void queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
      toast({ title: t('Community left'), description: t('You are no longer a member of {name}.', { name }), variant: 'success' });
    },
    onError: (error) => toastError(t('Could not leave'), error),
  });
  const empty = review.data?.communities.length === 0;
  // Nothing was joined in the owner's name: nothing to show, and nothing to show next time. Asked once (a
  // failure must not send it again on every render; the review then simply shows at the next sign-in).
  const askedDone = useRef(false);
  const markDone = done.mutate;
  useEffect(() => {
    if (!empty || askedDone.current) return;
    askedDone.current = true;
    markDone();
  }, [empty, markDone]);
  if (empty) return null;

  return (
    <Dialog open onOpenChange={(open) => (open || done.isPending ? undefined : done.mutate())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Communities joined before your e-mail was confirmed')}</DialogTitle>
          <DialogDescription>
            {t(
              'Someone created this account with your e-mail address before you confirmed it with Google. These communities were joined from it then. Leave any you do not know.',
            )}
          </DialogDescription>
        </DialogHeader>
        {review.error ? (
          <ErrorNote message={t('The communities could not be loaded.')} onRetry={() => void review.refetch()} />
        ) : !review.data ? (
          <LoadingRows rows={2} label={t('Loading the communities')} />
        ) : (
          <ul className="grid gap-2">
            {review.data.communities.map((community) => (
              <li key={community.communityId} className="grid gap-2 rounded-xl border border-border p-3">
                <div className="flex flex-wrap items-center gap-3">
                  <div className="grid min-w-0 flex-1">
                    <span className="font-medium [overflow-wrap:anywhere]">{community.name}</span>
                    <span className="text-xs text-muted-foreground">{t('Joined {date}', { date: formatLongDate(community.joinedAt) })}</span>
                  </div>
                  {confirming === community.communityId ? null : (
                    <Button variant="outline" size="sm" className="min-h-11" onClick={() => setConfirming(community.communityId)} disabled={leave.isPending}>
                      {t('Leave')}
                    </Button>
                  )}
                </div>
                {confirming === community.communityId ? (
                  <div role="group" aria-label={t('Leave {name}?', { name: community.name })} className="flex flex-wrap items-center gap-2 rounded-lg bg-destructive-50 p-2 text-sm">
                    <span className="min-w-0 flex-1">{t('Leave {name}? You would need a new invitation code to come back.', { name: community.name })}</span>
                    <Button size="sm" variant="destructive" className="min-h-11" disabled={leave.isPending} onClick={() => leave.mutate({ communityId: community.communityId, name: community.name })}>
                      {leave.isPending ? t('Leaving...') : t('Leave')}
                    </Button>
                    <Button size="sm" variant="ghost" className="min-h-11" disabled={leave.isPending} onClick={() => setConfirming(null)}>
                      {t('Cancel')}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button onClick={() => done.mutate()} disabled={done.isPending || leave.isPending}>
            {done.isPending ? t('Saving...') : t('Done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
