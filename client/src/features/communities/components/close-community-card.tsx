import { zodResolver } from '@hookform/resolvers/zod';
import Archive from 'lucide-react/icons/archive';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CommunityView } from '@shared/contracts/communities';
import { CLOSING_DAYS } from '@shared/domain/community-closing';
import { can } from '@shared/domain/roles';
import { Button } from '@/components/ui/button';
import { DownloadButton } from '@/components/ui/download-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { msg, Trans, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/forms';
import { toastError } from '@/lib/notify';
import { communityExportUrl, useCloseCommunity, useReopenCommunity } from '../api';
import { closingDay } from '@/i18n/labels';

/** What closing does, said before anything is asked (issue 39). */
export const CLOSING_CONSEQUENCES = [
  msg('For {days} days the community is read-only: members can read everything, but nothing new can be saved and nobody can join.'),
  msg('Every member is told, in the app and by e-mail, with the date. Each can download their own data until then.'),
  msg("After {days} days the community is erased with everything in it: logs, questions, meetings and members' places in it."),
  msg('Until then any Community Moderator can reopen it.'),
] as const;

export const GOOGLE_CONFIRMATION = msg('Your account signs in with Google: sign out, sign in with Google again, and close the community within 10 minutes of it.');

const passwordForm = z.object({ password: z.string() });

/** Downloads the community's data (moderators, 5 an hour); a refusal shows as a toast. */
function DownloadCommunityDataButton({ communityId }: { communityId: string }) {
  const t = useT();
  return (
    <DownloadButton
      url={communityExportUrl(communityId)}
      fallbackName="steadfast-community.json"
      label={t('Download community data')}
      pendingLabel={t('Preparing the data...')}
      started={{ title: t('The community data is downloading'), description: t('One JSON file: settings, disciplines, subgroups, members, logs and targets.') }}
      failedTitle={t('Could not download the community data')}
    />
  );
}

/** The confirmation: what happens, and the password (or, without one, a recent Google sign-in). */
function CloseCommunityDialog({ community, open, onOpenChange }: { community: CommunityView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const { user } = useAuth();
  const hasPassword = user?.hasPassword ?? true;
  const close = useCloseCommunity(community.id);
  const form = useForm({ resolver: zodResolver(passwordForm), defaultValues: { password: '' } });
  const error = form.formState.errors.password?.message;

  const changeOpen = (next: boolean) => {
    if (close.isPending) return;
    onOpenChange(next);
    if (!next) {
      form.reset({ password: '' });
      close.reset();
    }
  };

  const onSubmit = form.handleSubmit(({ password }) => {
    if (hasPassword && password === '') {
      form.setError('password', { message: msg('Enter your password to confirm.') });
      return;
    }
    close.mutate(hasPassword ? { password } : {}, {
      onSuccess: (closed) => {
        changeOpen(false);
        toast({
          title: t('Community closing'),
          description: t('{name} closes on {date}. Every member has been told.', { name: closed.name, date: closingDay(closed.closesAt ?? '', closed.timeZone) }),
          variant: 'success',
        });
      },
      onError: (failure) => {
        if (!applyServerFieldErrors(failure, form.setError, ['password'])) toastError(t('Could not close the community'), failure);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Close {name}?', { name: community.name })}</DialogTitle>
          <DialogDescription>{t('Closing starts a countdown that ends with the community erased.')}</DialogDescription>
        </DialogHeader>
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          {CLOSING_CONSEQUENCES.map((line) => (
            <li key={line}>{t(line, { days: CLOSING_DAYS })}</li>
          ))}
        </ul>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {hasPassword ? (
            <FormField id="close-community-password" label={t('Your password')} error={error}>
              <PasswordInput autoComplete="current-password" {...fieldProps('close-community-password', { error })} {...form.register('password')} />
            </FormField>
          ) : (
            <p className="rounded-xl bg-muted p-3 text-sm">{t(GOOGLE_CONFIRMATION)}</p>
          )}
          <DialogFooter>
            <Button variant="ghost" type="button" onClick={() => changeOpen(false)} disabled={close.isPending}>
              {t('Cancel')}
            </Button>
            <Button variant="destructive" type="submit" disabled={close.isPending}>
              {close.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
              {close.isPending ? t('Closing...') : t('Close the community')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Community Settings → "Close this community" (issue 39), for Community Moderators and above: closing with a
 * confirmation; while closing, the date, Reopen and the community's data to download.
 */
export function CloseCommunityCard({ community }: { community: CommunityView }) {
  const t = useT();
  const { memberships } = useAuth();
  const membership = memberships.find((candidate) => candidate.communityId === community.id);
  const reopen = useReopenCommunity(community.id);
  const [open, setOpen] = useState(false);
  if (!can(membership, 'community:close')) return null;

  if (community.closesAt) {
    const date = closingDay(community.closesAt, community.timeZone);
    const doReopen = () =>
      reopen.mutate(
        {},
        {
          onSuccess: () => toast({ title: t('Community reopened'), description: t('It is open again, and every member has been told.'), variant: 'success' }),
          onError: (failure) => toastError(t('Could not reopen the community'), failure),
        },
      );
    return (
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle className="text-destructive">{t('This community is closing')}</CardTitle>
          <CardDescription>
            <Trans
              id="It closes on <0>{date}</0>. Until then it is read-only; then it is erased with everything in it."
              values={{ date }}
              components={{ 0: <strong className="font-semibold text-foreground" /> }}
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button onClick={doReopen} disabled={reopen.isPending}>
            <RotateCcw aria-hidden="true" />
            {reopen.isPending ? t('Reopening...') : t('Reopen')}
          </Button>
          <DownloadCommunityDataButton communityId={community.id} />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{t('Close this community')}</CardTitle>
        <CardDescription>
          {t('For {days} days it becomes read-only and every member is told; then it is erased with everything in it. You can reopen it until then.', { days: CLOSING_DAYS })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Archive aria-hidden="true" />
          {t('Close this community')}
        </Button>
        <DownloadCommunityDataButton communityId={community.id} />
      </CardContent>
      <CloseCommunityDialog community={community} open={open} onOpenChange={setOpen} />
    </Card>
  );
}
