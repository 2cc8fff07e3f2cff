import KeyRound from 'lucide-react/icons/key-round';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { ClaimInfo } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { msg, type Translate, useT } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { setStoredCommunityId } from '@/lib/community';
import { useJoinCommunity, useRefreshMemberships } from '../api';
import { welcomeToast } from '../messages';

// Needed only after a join that found imported history, so it stays out of the first bundle.
const AccountFoundDialog = lazy(() => import('./account-found-dialog').then((module) => ({ default: module.AccountFoundDialog })));

const CODE_FIELD = 'invite-code';

/** The toast title of a failed join: the server's message goes under it. */
export function joinFailureTitle(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('Could not join');
  if (error.code === 'already_member') return t('Already a member');
  // The code is fine: the joiner's name looks like a member's there, and Profile is where it changes.
  if (error.code === 'name_look_alike') return t('Please choose another name');
  if (error.status === 429) return t('Too many attempts');
  if (error.status === 403) return t('Code not valid for you');
  return t('Invalid invitation code');
}
const CODE_HINT = msg('Invitation codes are usually 6-8 characters.');

/**
 * The 'Join Community' tab: an invitation code, trimmed before sending. Without claimable history the
 * member lands on the dashboard of the joined community; with it, the 'Account Found!' modal opens.
 */
export function JoinCommunityForm() {
  const t = useT();
  const [code, setCode] = useState('');
  const [claimInfo, setClaimInfo] = useState<ClaimInfo | null>(null);
  const [, navigate] = useLocation();
  const join = useJoinCommunity();
  const refreshMemberships = useRefreshMemberships();

  const enterCommunity = async () => {
    await refreshMemberships();
    navigate('/');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const inviteCode = code.trim();
    if (!inviteCode) {
      toast({ title: t('Invitation code required'), description: t('Please enter a valid invitation code.'), variant: 'destructive' });
      return;
    }
    join.mutate(inviteCode, {
      onSuccess: async (result) => {
        // The joined community is the one on screen from now on (and the claim call names it).
        setStoredCommunityId(result.communityId);
        if (result.claimInfo && ((result.claimInfo.canClaim && result.claimInfo.importedUserId) || result.claimInfo.needsEmailVerification || result.claimInfo.askModerator)) {
          setClaimInfo(result.claimInfo);
          return;
        }
        welcomeToast();
        await enterCommunity();
      },
      onError: (error) => toastError(joinFailureTitle(error, t), error, t('Please check the code and try again.')),
    });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField id={CODE_FIELD} label={t('Invitation code')} hint={t(CODE_HINT)}>
          <Input
            {...fieldProps(CODE_FIELD, { hint: t(CODE_HINT) })}
            name="inviteCode"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('e.g. K7M2QX9P')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            className="font-mono tracking-widest"
          />
        </FormField>
        <Button type="submit" disabled={join.isPending} className="w-full sm:w-auto sm:justify-self-start">
          <KeyRound aria-hidden="true" />
          {join.isPending ? t('Joining...') : t('Join Community')}
        </Button>
      </form>
      {claimInfo ? (
        <Suspense fallback={null}>
          <AccountFoundDialog
            claimInfo={claimInfo}
            onDone={async () => {
              setClaimInfo(null);
              await enterCommunity();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
