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
import { QueryFailure } from '@/features/communities/components/community-state';
import { toastError } from '@/lib/notify';
import { formatDateTime } from '@/lib/dates';
import { useActiveInviteCodes, useGenerateInviteCode, useLatestInviteCode, useRevokeInviteCode } from '../api';

function LatestCode({ code }: { code: InviteCodeView }) {
  const expired = new Date(code.expiresAt).getTime() <= Date.now();
  return (
    <div className="grid gap-4 rounded-xl border border-border bg-muted p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <span className="text-sm text-muted-foreground">Latest invite code</span>
          <span className="flex items-center gap-2">
            <code data-testid="invite-code" className="font-mono text-3xl font-semibold tracking-[0.2em] text-primary-900">
              {code.inviteCode}
            </code>
            {expired ? <Badge variant="destructive">Expired</Badge> : null}
          </span>
        </div>
        <CopyButton text={code.inviteCode} label="Copy invite code" />
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{expired ? 'Expired' : 'Expires'}</dt>
          <dd className="font-medium">{formatDateTime(code.expiresAt)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Created by</dt>
          <dd className="font-medium">{code.createdBy ?? 'A former member'}</dd>
        </div>
      </dl>
    </div>
  );
}

const usesLabel = (uses: number) => (uses === 1 ? '1 member joined' : `${uses} members joined`);

/** One active code: who made it, until when it works, how many joined with it; Copy and Revoke. */
function ActiveCodeRow({ code, onRevoke }: { code: InviteCodeView; onRevoke: (code: InviteCodeView) => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="grid min-w-0 flex-1 gap-1">
        <code className="font-mono text-lg font-semibold tracking-[0.15em] text-primary-900">{code.inviteCode}</code>
        <p className="flex flex-wrap gap-x-1.5 text-sm text-muted-foreground">
          <span>By {code.createdBy ?? 'a former member'}</span> <span>· expires {formatDateTime(code.expiresAt)}</span>{' '}
          <span className="whitespace-nowrap">· {usesLabel(code.uses)}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <CopyButton text={code.inviteCode} label={`Copy ${code.inviteCode}`} />
        <Button variant="outline" className="text-destructive" onClick={() => onRevoke(code)} aria-label={`Revoke ${code.inviteCode}`}>
          <Ban aria-hidden="true" />
          Revoke
        </Button>
      </div>
    </li>
  );
}

/** Every code that still lets people join, with Revoke behind a confirmation. */
function ActiveCodes({ communityId }: { communityId: string }) {
  const codes = useActiveInviteCodes(communityId);
  const revoke = useRevokeInviteCode(communityId);
  const [revoking, setRevoking] = useState<InviteCodeView | null>(null);

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking, {
      onSuccess: () => toast({ title: 'Invite Code Revoked', description: `Nobody can join with ${revoking.inviteCode} any more.`, variant: 'success' }),
      onError: (error) => toastError('Revoke Failed', error, 'Failed to revoke the invite code'),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <section aria-labelledby="active-codes-title" className="grid gap-3">
      <h3 id="active-codes-title" className="text-lg font-semibold">
        Active codes
      </h3>
      {codes.error ? (
        <QueryFailure error={codes.error} onRetry={() => void codes.refetch()} fallback="We could not load the active invite codes." />
      ) : codes.isPending ? (
        <LoadingCard label="Loading the active invite codes" />
      ) : codes.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">No active codes. Generate one to invite members.</p>
      ) : (
        <ul className="grid gap-3">
          {codes.data.map((code) => (
            <ActiveCodeRow key={code.id} code={code} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <AlertDialog open={revoking !== null} onOpenChange={(open) => (open || revoke.isPending ? undefined : setRevoking(null))}>
        <ConfirmDialogContent
          title="Revoke Invite Code"
          description={
            revoking
              ? `Revoke ${revoking.inviteCode}? Nobody can join with it from now on. Members who already joined with it stay.`
              : null
          }
          confirmLabel="Revoke"
          pendingLabel="Revoking..."
          pending={revoke.isPending}
          onConfirm={confirmRevoke}
        />
      </AlertDialog>
    </section>
  );
}

/** Invite Codes: generate a code, share the latest one, and see or revoke every active code (admins; the server checks too). */
export function InviteCodesTab({ communityId }: { communityId: string }) {
  const latest = useLatestInviteCode(communityId);
  const generate = useGenerateInviteCode(communityId);

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (code) =>
        toast({ title: 'Invite Code Generated', description: `Share ${code.inviteCode} with the people you are inviting.`, variant: 'success' }),
      onError: (error) => toastError('Generation Failed', error),
    });

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Invite Codes</CardTitle>
          <CardDescription>
            A code lets anyone you share it with join for {INVITE_CODE_LIFETIME_DAYS} days. Generating a new one does not cancel earlier codes: revoke a code
            to stop it working.
          </CardDescription>
        </div>
        <Button onClick={onGenerate} disabled={generate.isPending} className="shrink-0">
          <KeyRound aria-hidden="true" />
          {generate.isPending ? 'Generating...' : 'Generate Invite Code'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        {latest.error ? (
          <QueryFailure error={latest.error} onRetry={() => void latest.refetch()} fallback="We could not load the latest invite code." />
        ) : latest.isPending ? (
          <LoadingCard label="Loading the latest invite code" />
        ) : latest.data ? (
          <LatestCode code={latest.data} />
        ) : (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            No invite code yet. Generate one to invite members.
          </p>
        )}
        <ActiveCodes communityId={communityId} />
      </CardContent>
    </Card>
  );
}
