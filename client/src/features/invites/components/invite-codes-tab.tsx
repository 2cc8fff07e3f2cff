import KeyRound from 'lucide-react/icons/key-round';
import Ban from 'lucide-react/icons/ban';
import { useState } from 'react';
import type { InviteCodeView } from '@shared/contracts/communities';
import { INVITE_CODE_LIFETIME_DAYS } from '@shared/domain/constants';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingCard } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { QueryFailure } from '@/features/communities/components/community-state';
import { toastError } from '@/lib/notify';
import { formatDateTime } from '@/lib/dates';
import { useActiveInviteCodes, useGenerateInviteCode, useLatestInviteCode, useRevokeInviteCode } from '../api';

function LatestCode({ code }: { code: InviteCodeView }) {
  const t = useT();
  const expired = new Date(code.expiresAt).getTime() <= Date.now();
  return (
    <div className="grid gap-4 rounded-xl border border-border bg-muted p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <span className="text-sm text-muted-foreground">{t('Latest invite code')}</span>
          <span className="flex items-center gap-2">
            <code data-testid="invite-code" className="font-mono text-3xl font-semibold tracking-[0.2em] text-primary-900">
              {code.inviteCode}
            </code>
            {expired ? <Badge variant="destructive">{t('Expired')}</Badge> : null}
          </span>
        </div>
        <CopyButton text={code.inviteCode} label={t('Copy invite code')} />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{expired ? t('Expired') : t('Expires')}</dt>
          <dd className="font-medium">{formatDateTime(code.expiresAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Created by')}</dt>
          <dd className="font-medium">{code.createdBy ?? t('A former member')}</dd>
        </div>
      </dl>
    </div>
  );
}

/** One active code: who made it, until when it works, how many joined with it; Copy and Revoke. */
function ActiveCodeRow({ code, onRevoke }: { code: InviteCodeView; onRevoke: (code: InviteCodeView) => void }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="grid min-w-0 flex-1 gap-1">
        <code className="font-mono text-lg font-semibold tracking-[0.15em] text-primary-900">{code.inviteCode}</code>
        <p className="flex flex-wrap gap-x-1.5 text-sm text-muted-foreground">
          <span>{code.createdBy ? t('By {name}', { name: code.createdBy }) : t('By a former member')}</span>{' '}
          <span>· {t('expires {date}', { date: formatDateTime(code.expiresAt) })}</span>{' '}
          <span className="whitespace-nowrap">· {t('{count, plural, one {# member joined} other {# members joined}}', { count: code.uses })}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <CopyButton text={code.inviteCode} label={t('Copy {code}', { code: code.inviteCode })} />
        <Button variant="outline" className="text-destructive" onClick={() => onRevoke(code)} aria-label={t('Revoke {code}', { code: code.inviteCode })}>
          <Ban aria-hidden="true" />
          {t('Revoke')}
        </Button>
      </div>
    </li>
  );
}

/** Every code that still lets people join, with Revoke behind a confirmation. */
function ActiveCodes({ communityId }: { communityId: string }) {
  const t = useT();
  const codes = useActiveInviteCodes(communityId);
  const revoke = useRevokeInviteCode(communityId);
  const [revoking, setRevoking] = useState<InviteCodeView | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, {
      onSuccess: () => toast({ title: t('Invite Code Revoked'), description: t('Nobody can join with {code} any more.', { code: revoking.inviteCode }), variant: 'success' }),
      onError: (error) => toastError(t('Revoke Failed'), error, t('Failed to revoke the invite code')),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <section aria-labelledby="active-codes-title" className="grid gap-3">
      <h3 id="active-codes-title" className="text-lg font-semibold">
        {t('Active codes')}
      </h3>
      {codes.error ? (
        <QueryFailure error={codes.error} onRetry={() => void codes.refetch()} fallback={t('We could not load the active invite codes.')} />
      ) : codes.isPending ? (
        <LoadingCard label={t('Loading the active invite codes')} />
      ) : codes.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t('No active codes. Generate one to invite members.')}</p>
      ) : (
        <ul className="grid gap-3">
          {codes.data.map((code) => (
            <ActiveCodeRow key={code.id} code={code} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <AlertDialog open={revoking !== null} onOpenChange={(open) => (open || revoke.isPending ? undefined : setRevoking(null))}>
        <ConfirmDialogContent
          title={t('Revoke Invite Code')}
          description={
            revoking ? t('Revoke {code}? Nobody can join with it from now on. Members who already joined with it stay.', { code: revoking.inviteCode }) : null
          }
          confirmLabel={t('Revoke')}
          pendingLabel={t('Revoking...')}
          pending={revoke.isPending}
          onConfirm={confirmRevoke}
        />
      </AlertDialog>
    </section>
  );
}

/** Invite Codes: generate a code, share the latest one, and see or revoke every active code (admins; the server checks too). */
export function InviteCodesTab({ communityId }: { communityId: string }) {
  const t = useT();
  const latest = useLatestInviteCode(communityId);
  const generate = useGenerateInviteCode(communityId);

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (code) =>
        toast({ title: t('Invite Code Generated'), description: t('Share {code} with the people you are inviting.', { code: code.inviteCode }), variant: 'success' }),
      onError: (error) => toastError(t('Generation Failed'), error),
    });

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>{t('Invite Codes')}</CardTitle>
          <CardDescription>
            {t(
              'A code lets anyone you share it with join for {days} days. Generating a new one does not cancel earlier codes: revoke a code to stop it working.',
              { days: INVITE_CODE_LIFETIME_DAYS },
            )}
          </CardDescription>
        </div>
        <Button onClick={onGenerate} disabled={generate.isPending} className="shrink-0">
          <KeyRound aria-hidden="true" />
          {generate.isPending ? t('Generating...') : t('Generate Invite Code')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {latest.error ? (
          <QueryFailure error={latest.error} onRetry={() => void latest.refetch()} fallback={t('We could not load the latest invite code.')} />
        ) : latest.isPending ? (
          <LoadingCard label={t('Loading the latest invite code')} />
        ) : latest.data ? (
          <LatestCode code={latest.data} />
        ) : (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t('No invite code yet. Generate one to invite members.')}
          </p>
        )}
        <ActiveCodes communityId={communityId} />
      </CardContent>
    </Card>
  );
}
