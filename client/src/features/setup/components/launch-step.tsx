import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatList, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { formatDateTime } from '@/lib/dates';
import { ApplyLink } from '@/features/applications/components/apply-link-card';
import { useGenerateInviteCode, useLatestInviteCode } from '@/features/invites/api';
import { DISCIPLINE_CATALOGUE, THEME_TEMPLATES } from '../catalogue';
import type { SetupState } from '../setup-state';

/** The first invitation code: generated here on request, or the latest one if the moderator already made one. */
function FirstInviteCode({ communityId }: { communityId: string }) {
  const t = useT();
  const latest = useLatestInviteCode(communityId);
  const generate = useGenerateInviteCode(communityId);
  const code = latest.data && Date.parse(latest.data.expiresAt) > Date.now() ? latest.data : null;

  if (code) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">{t('Invitation code')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <code data-testid="setup-invite-code" className="font-mono text-2xl font-semibold tracking-[0.2em] text-primary-900">
            {code.inviteCode}
          </code>
          <CopyButton text={code.inviteCode} label={t('Copy invitation code')} />
        </div>
        <p className="text-sm text-muted-foreground">{t('Valid until {date}. Anyone with it can join until then.', { date: formatDateTime(code.expiresAt) })}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{t('Invitation code')}</p>
      <p className="text-sm text-muted-foreground">{t('People you invite join with a code on the Join Community screen.')}</p>
      <Button variant="outline" className="justify-self-start" disabled={generate.isPending || latest.isPending} onClick={() => generate.mutate(undefined, { onError: (error) => toastError(t('Generation Failed'), error) })}>
        <KeyRound aria-hidden="true" />
        {generate.isPending ? t('Generating...') : t('Generate Invitation Code')}
      </Button>
    </div>
  );
}

/** Step 6: what was chosen, and two ways to bring people in before launching. */
export function LaunchStep({ state, communityId }: { state: SetupState; communityId: string }) {
  const t = useT();
  const theme = THEME_TEMPLATES.find((candidate) => candidate.id === state.themeId);
  const disciplines = [
    ...DISCIPLINE_CATALOGUE.filter((discipline) => state.selectedDisciplines.includes(discipline.key)).map((discipline) => t(discipline.label)),
    ...state.customDisciplines.map((discipline) => discipline.label),
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid gap-3 rounded-xl border border-border bg-muted p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t('Theme')}</dt>
          <dd className="font-medium">{theme ? t(theme.name) : t('None')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Disciplines')}</dt>
          <dd className="font-medium">{formatList(disciplines)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Subgroups')}</dt>
          <dd className="font-medium">{state.enableSubgroups ? t('On, starting with {name}', { name: state.defaultSubgroupName.trim() }) : t('Off')}</dd>
        </div>
      </dl>
      <section aria-labelledby="setup-invite-title" className="grid gap-4">
        <div className="grid gap-1">
          <h3 id="setup-invite-title" className="text-lg font-semibold">
            {t('Bring your people in')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {t('Send an invitation code to the people you know, and share the apply link with those who would like to ask to join.')}
          </p>
        </div>
        <FirstInviteCode communityId={communityId} />
        <ApplyLink communityId={communityId} />
      </section>
    </div>
  );
}
