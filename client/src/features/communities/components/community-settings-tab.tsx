import Pencil from 'lucide-react/icons/pencil';
import { type ReactNode, useState } from 'react';
import { QUIET_DAYS_MAX, QUIET_DAYS_MIN } from '@shared/domain/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { LoadingCard } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { formatLongDate } from '@/lib/dates';
import { timeZoneLabel } from '@/lib/time-zones';
import { useCommunity, useCommunityStats, useUpdateCommunity } from '../api';
import { CloseCommunityCard } from './close-community-card';
import { QueryFailure } from './community-state';
import { EditCommunityDialog, updateFailed } from './edit-community-dialog';
import { LeaveCommunityCard } from './leave-community';

/** Static guidance for moderators (SPEC.md: "static guideline bullets"). */
export const COMMUNITY_GUIDELINES = [
  'Share invitation codes only with people you know; every code works for 7 days.',
  'Encourage daily check-ins: steady faithfulness matters more than perfect streaks.',
  'Give every member a subgroup and a commander who answers their questions.',
  'Keep what members share in questions and meetings in confidence.',
  'Lock a month once its review is done, so the record stays as it was.',
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
export function CommunitySettingsTab({ communityId, more }: { communityId: string; more?: ReactNode }) {
  const community = useCommunity(communityId);
  const stats = useCommunityStats(communityId);
  const update = useUpdateCommunity(communityId);
  const [editing, setEditing] = useState(false);

  if (community.error) return <QueryFailure error={community.error} onRetry={() => void community.refetch()} fallback="We could not load the community." />;
  if (!community.data) return <LoadingCard label="Loading community settings" />;
  const data = community.data;
  // A closing community is read-only (the server answers 423): its settings are shown, not offered.
  const closing = Boolean(data.closesAt);

  const settings = { name: data.name, description: data.description, timeZone: data.timeZone, graceDays: data.graceDays, quietDays: data.quietDays };
  const setQuietDays = (quietDays: number) => {
    update.mutate(
      { ...settings, quietDays },
      {
        onSuccess: () => toast({ title: 'Community Updated', description: `A member who has not checked in for ${quietDays} days now needs a word.`, variant: 'success' }),
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
            title: 'Community Updated',
            description: graceDays ? 'Grace days are on: Sick and Feeling Tired days keep streaks.' : 'Grace days are off.',
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
            <CardTitle>Community Information</CardTitle>
            <CardDescription>
              What members see, and how the community keeps time.{closing ? ' Read-only while the community is closing.' : ''}
            </CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} disabled={closing}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Name">{data.name}</Detail>
            <Detail label="Description">{data.description || <span className="text-muted-foreground">No description yet</span>}</Detail>
            <Detail label="Community ID">
              <code className="rounded bg-muted px-1.5 py-0.5 text-sm">{data.id}</code>
            </Detail>
            <Detail label="Created">{formatLongDate(data.createdAt)}</Detail>
            <Detail label="Total Members">{stats.data ? stats.data.totalMembers : '…'}</Detail>
            <Detail label="Active Commanders">{stats.data ? stats.data.totalCommanders : '…'}</Detail>
            <Detail label="Time Zone">{timeZoneLabel(data.timeZone)}</Detail>
          </dl>
          <div className="flex items-start justify-between gap-4 rounded-xl bg-muted p-4">
            <div className="grid gap-1">
              <span id="grace-days-label" className="font-medium">
                Grace days
              </span>
              <p id="grace-days-hint" className="text-sm text-muted-foreground">
                Days marked Sick or Feeling Tired neither break nor extend a member's streak.
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
          <div className="grid gap-3 rounded-xl bg-muted p-4 sm:flex sm:items-start sm:justify-between sm:gap-4">
            <div className="grid gap-1">
              <label htmlFor="quiet-days" className="font-medium">
                Needs a word after
              </label>
              <p id="quiet-days-hint" className="text-sm text-muted-foreground">
                Days without a check-in before a member shows in their commander's "Needs a word".
              </p>
            </div>
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
                  {count} days
                </option>
              ))}
            </NativeSelect>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Community Guidelines</CardTitle>
          <CardDescription>A few habits that keep an accountability community healthy.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-accent-600">
            {COMMUNITY_GUIDELINES.map((line) => (
              <li key={line}>{line}</li>
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
