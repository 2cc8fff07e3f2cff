import ChevronDown from 'lucide-react/icons/chevron-down';
import UserPlus from 'lucide-react/icons/user-plus';
import { Fragment, useState } from 'react';
import type { ApplicationView } from '@shared/contracts/applications';
import type { ApplicationStatus } from '@shared/domain/constants';
import { TARGET_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ErrorNote, LoadingRows } from '@/components/ui/states';
import { msg, Trans, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { useApplications } from '../api';
import { ApplyLink } from './apply-link-card';
import { type Decision, ReviewApplicationDialog } from './review-application-dialog';
import { EmailAddress } from '@/components/ui/email-address';
import { targetName } from '@/i18n/labels';

/** SPEC.md section 2: the New Members columns. */
const COLUMNS = [msg('Name'), msg('Email'), msg('Date'), msg('Status'), msg('Actions')] as const;

const STATUS_BADGES: Record<ApplicationStatus, BadgeVariant> = { Pending: 'accent', Approved: 'success', Rejected: 'destructive' };

/** A target's discipline as the community names it (its templates), else SPEC.md's name, else its key. */
const labelOf = (key: string, labels: Readonly<Record<string, string>>) => labels[key] ?? (key in TARGET_LABELS ? targetName(key as TargetKey) : key);

function Details({ application, labels }: { application: ApplicationView; labels: Readonly<Record<string, string>> }) {
  // The community's disciplines in their order first, then any other key the application holds (the fixed goals).
  const t = useT();
  const order = [...Object.keys(labels), ...TARGET_KEYS];
  const targets = Object.keys(application.disciplineTargets)
    .filter((key) => application.disciplineTargets[key])
    .sort((a, b) => (order.indexOf(a) + 1 || order.length + 1) - (order.indexOf(b) + 1 || order.length + 1));
  return (
    <dl className="grid gap-4 text-sm md:grid-cols-3">
      <div className="grid content-start gap-1">
        <dt className="font-medium">{t('Message')}</dt>
        <dd className="whitespace-pre-line text-muted-foreground">{application.message || t('No message.')}</dd>
      </div>
      <div className="grid content-start gap-1">
        <dt className="font-medium">{t('Discipline targets')}</dt>
        <dd>
          {targets.length ? (
            <ul className="grid gap-0.5 text-muted-foreground">
              {targets.map((key) => (
                <li key={key}>
                  <Trans
                    id="<0>{discipline}:</0> {target}"
                    values={{ discipline: labelOf(key, labels), target: application.disciplineTargets[key] }}
                    components={{ 0: <span className="text-foreground" /> }}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted-foreground">{t('None given.')}</span>
          )}
        </dd>
      </div>
      <div className="grid content-start gap-1">
        <dt className="font-medium">{t('Review notes')}</dt>
        <dd className="whitespace-pre-line text-muted-foreground">
          {application.status === 'Pending' ? t('Not reviewed yet.') : application.reviewNotes || t('No notes.')}
          {application.reviewedBy ? <span className="mt-1 block">{t('Reviewed by {name}', { name: application.reviewedBy })}</span> : null}
        </dd>
      </div>
    </dl>
  );
}

function Actions({ application, onReview }: { application: ApplicationView; onReview: (decision: Decision) => void }) {
  const t = useT();
  if (application.status !== 'Pending') return <span className="text-sm text-muted-foreground">{t('Reviewed')}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" className="min-h-11" onClick={() => onReview('Approved')} aria-label={t('Approve {name}', { name: application.name })}>
        {t('Approve')}
      </Button>
      <Button size="sm" variant="outline" className="min-h-11 text-destructive" onClick={() => onReview('Rejected')} aria-label={t('Reject {name}', { name: application.name })}>
        {t('Reject')}
      </Button>
    </div>
  );
}

function ExpandButton({ application, expanded, onToggle, controls }: { application: ApplicationView; expanded: boolean; onToggle: () => void; controls: string }) {
  const t = useT();
  return (
    <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-expanded={expanded} aria-controls={controls} aria-label={t('Details of {name}', { name: application.name })} onClick={onToggle}>
      <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
    </Button>
  );
}

/** Administration > New Members: the applications from the apply page, newest first, reviewed here. */
/** New Members. `disciplineLabels` names the community's own disciplines (the page reads its templates). */
export function NewMembersTab({ communityId, disciplineLabels = {} }: { communityId: string; disciplineLabels?: Readonly<Record<string, string>> }) {
  const t = useT();
  const applications = useApplications(communityId);
  const wide = useMediaQuery('(min-width: 768px)');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [reviewing, setReviewing] = useState<{ application: ApplicationView; decision: Decision } | null>(null);
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const pending = applications.data?.filter((application) => application.status === 'Pending').length ?? 0;

  let body;
  if (applications.error) body = <ErrorNote message={t('We could not load the applications.')} onRetry={() => void applications.refetch()} />;
  else if (!applications.data) body = <LoadingRows rows={3} label={t('Loading applications')} />;
  else if (applications.data.length === 0)
    body = (
      <EmptyState title={t('No applications yet')}>
        {t('When someone applies through your apply link, their application waits here for you to approve or reject.')}
      </EmptyState>
    );
  else if (wide)
    body = (
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="py-2 pr-3 font-medium last:pr-0">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {applications.data.map((application) => {
            const open = expanded.has(application.id);
            const detailsId = `application-${application.id}`;
            return (
              <Fragment key={application.id}>
                <tr className="border-b border-border align-middle">
                  <td className="py-2 pr-3">
                    <span className="flex items-center gap-1 font-medium">
                      <ExpandButton application={application} expanded={open} onToggle={() => toggle(application.id)} controls={detailsId} />
                      <span className="break-words">{application.name}</span>
                    </span>
                  </td>
                  <td className="py-2 pr-3 [overflow-wrap:anywhere]"><EmailAddress email={application.email} /></td>
                  <td className="whitespace-nowrap py-2 pr-3">{formatLongDate(application.createdAt)}</td>
                  <td className="py-2 pr-3">
                    <Badge variant={STATUS_BADGES[application.status]}>{application.status}</Badge>
                  </td>
                  <td className="py-2">
                    <Actions application={application} onReview={(decision) => setReviewing({ application, decision })} />
                  </td>
                </tr>
                {open ? (
                  <tr id={detailsId} className="border-b border-border bg-muted/50">
                    <td colSpan={COLUMNS.length} className="p-4">
                      <Details application={application} labels={disciplineLabels} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    );
  else
    body = (
      <ul className="grid gap-3">
        {applications.data.map((application) => {
          const open = expanded.has(application.id);
          const detailsId = `application-${application.id}`;
          return (
            <li key={application.id} className="grid gap-3 rounded-xl border border-border p-4">
              <div className="flex items-start gap-2">
                <div className="grid min-w-0 flex-1 gap-1">
                  <span className="break-words font-medium">{application.name}</span>
                  <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]"><EmailAddress email={application.email} /></span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    {formatLongDate(application.createdAt)}
                    <Badge variant={STATUS_BADGES[application.status]}>{application.status}</Badge>
                  </span>
                </div>
                <ExpandButton application={application} expanded={open} onToggle={() => toggle(application.id)} controls={detailsId} />
              </div>
              {open ? (
                <div id={detailsId}>
                  <Details application={application} labels={disciplineLabels} />
                </div>
              ) : null}
              <Actions application={application} onReview={(decision) => setReviewing({ application, decision })} />
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <UserPlus className="size-5 text-primary-600" aria-hidden="true" />
            {t('New Members')}
          </CardTitle>
          <CardDescription>
            {pending ? t('{count, plural, other {# waiting for review.}}', { count: pending }) : t('People who asked to join through your apply link.')}
          </CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('Share your apply link')}</CardTitle>
          <CardDescription>{t('Anyone with the link can ask to join; nobody joins until you approve them and send an invitation code.')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ApplyLink communityId={communityId} />
        </CardContent>
      </Card>
      {reviewing ? <ReviewApplicationDialog communityId={communityId} application={reviewing.application} decision={reviewing.decision} onClose={() => setReviewing(null)} /> : null}
    </div>
  );
}
