import Pencil from 'lucide-react/icons/pencil';
import { type ReactNode, useState } from 'react';
import { QUIET_DAYS_MAX, QUIET_DAYS_MIN } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadingCard } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { timeZoneLabel } from '@/lib/time-zones';
import { useCommunity, useCommunityStats, useUpdateCommunity } from '../api';
import { CloseCommunityCard } from './close-community-card';
import { QueryFailure } from './community-state';
import { EditCommunityDialog, updateFailed } from './edit-community-dialog';
import { LeaveCommunityCard } from './leave-community';
import { CommunityLanguageSetting } from './community-language-setting';

/** Static guidance for moderators (SPEC.md: "static guideline bullets"). */
export const COMMUNITY_GUIDELINES = [
  msg('Share invitation codes only with people you know; every code works for 7 days.'),
  msg('Encourage daily check-ins: steady faithfulness matters more than perfect streaks.'),
  msg('Give every member a subgroup and a commander who answers their questions.'),
  msg('Keep what members share in questions and meetings in confidence.'),
  msg('Lock a month once its review is done, so the record stays as it was.'),
] as const;

const QUIET_DAY_CHOICES = Array.from({ length: QUIET_DAYS_MAX - QUIET_DAYS_MIN + 1 }, (_, index) => QUIET_DAYS_MIN + index);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

/**
 * Community Settings: the community's details, time zone, grace days and quiet days, guidelines, what the page
 * adds of other features (`more`: the disciplines kept in secret) and the Danger Zone last.
 */
/** One setting with its label and hint beside the control (`id` names the control; its hint is `${id}-hint`). */
function SettingRow({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-xl bg-muted p-4 sm:flex sm:items-start sm:justify-between sm:gap-4">
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
      {children}
    </div>
  );
}

export function CommunitySettingsTab({ communityId, more }: { communityId: string; more?: ReactNode }) {
  const t = useT();
  const community = useCommunity(communityId);
  const stats = useCommunityStats(communityId);
  const update = useUpdateCommunity(communityId);
  const [editing, setEditing] = useState(false);

  if (community.error) return <QueryFailure error={community.error} onRetry={() => void community.refetch()} fallback={t('We could not load the community.')} />;
  if (!community.data) return <LoadingCard label={t('Loading community settings')} />;
  const data = community.data;
  // A closing community is read-only (the server answers 423): its settings are shown, not offered.
  const closing = Boolean(data.closesAt);

  const settings = { name: data.name, description: data.description, timeZone: data.timeZone, graceDays: data.graceDays, quietDays: data.quietDays };
  const setQuietDays = (quietDays: number) => {
    update.mutate(
      { ...settings, quietDays },
      {
        onSuccess: () =>
          toast({
            title: t('Community Updated'),
            description: t('{count, plural, one {A member who has not checked in for # day now needs a word.} other {A member who has not checked in for # days now needs a word.}}', {
              count: quietDays,
            }),
            variant: 'success',
          }),
        onError: updateFailed,
      },
    );
  };
  const setGraceDays = (graceDays: boolean) => {
    update.mutate(
      { ...settings, graceDays },
      {
        onSuccess: () =>
          toast({
            title: t('Community Updated'),
            description: graceDays ? t('Grace days are on: Sick and Feeling Tired days keep streaks.') : t('Grace days are off.'),
            variant: 'success',
          }),
        onError: updateFailed,
      },
    );
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>{t('Community Information')}</CardTitle>
            <CardDescription>
              {closing
                ? t('What members see, and how the community keeps time. Read-only while the community is closing.')
                : t('What members see, and how the community keeps time.')}
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} disabled={closing}>
            <Pencil aria-hidden="true" />
            {t('Edit')}
          </Button>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('Name')}>{data.name}</Detail>
            <Detail label={t('Description')}>{data.description || <span className="text-muted-foreground">{t('No description yet')}</span>}</Detail>
            <Detail label={t('Community ID')}>
              <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{data.id}</code>
            </Detail>
            <Detail label={t('Created')}>{formatLongDate(data.createdAt)}</Detail>
            <Detail label={t('Total Members')}>{stats.data ? stats.data.totalMembers : '…'}</Detail>
            <Detail label={t('Active Commanders')}>{stats.data ? stats.data.totalCommanders : '…'}</Detail>
            <Detail label={t('Time Zone')}>{timeZoneLabel(data.timeZone)}</Detail>
          </dl>
          <div className="flex items-start justify-between gap-4 rounded-xl bg-muted p-4">
            <div className="grid gap-1">
              <span id="grace-days-label" className="font-medium">
                {t('Grace days')}
              </span>
              <p id="grace-days-hint" className="text-sm text-muted-foreground">
                {t("Days marked Sick or Feeling Tired neither break nor extend a member's streak.")}
              </p>
            </div>
            <Switch
              checked={data.graceDays}
              onCheckedChange={setGraceDays}
              disabled={update.isPending || closing}
              aria-labelledby="grace-days-label"
              aria-describedby="grace-days-hint"
            />
          </div>
          <SettingRow id="community-language" label={t('Default language')} hint={t('What members read until they choose a language under Profile Settings.')}>
            <div className="sm:w-56 sm:shrink-0">
              <CommunityLanguageSetting communityId={communityId} id="community-language" />
            </div>
          </SettingRow>
          <SettingRow id="quiet-days" label={t('Needs a word after')} hint={t('Days without a check-in before a member shows in their commander\'s "Needs a word".')}>
            <NativeSelect
              id="quiet-days"
              className="sm:w-40"
              value={data.quietDays}
              disabled={update.isPending || closing}
              aria-describedby="quiet-days-hint"
              onChange={(event) => setQuietDays(Number(event.target.value))}
            >
              {QUIET_DAY_CHOICES.map((count) => (
                <option key={count} value={count}>
                  {t('{count, plural, one {# day} other {# days}}', { count })}
                </option>
              ))}
            </NativeSelect>
          </SettingRow>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('Community Guidelines')}</CardTitle>
          <CardDescription>{t('A few habits that keep an accountability community healthy.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-accent-600">
            {COMMUNITY_GUIDELINES.map((line) => (
              <li key={line}>{t(line)}</li>
            ))}
          </ul>
        </CardContent>
      </Card>

      {more}
      <CloseCommunityCard community={data} />
      <LeaveCommunityCard communityId={communityId} />
      <EditCommunityDialog community={data} open={editing} onOpenChange={setEditing} />
    </div>
  );
}
