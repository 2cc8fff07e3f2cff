import type { ActivityEntry } from '@shared/contracts/activity';
import { isRole, roleLabel } from '@shared/domain/roles';

const OPERATOR = "The server's operator";
const FORMER_MEMBER = 'a former member';
const GONE_SUBGROUP = 'a subgroup since deleted';

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const period = ({ month, year }: ActivityEntry['detail']) => (month && year ? monthYear.format(Date.UTC(year, month - 1, 1)) : 'a month');

/** The community's settings as Community Settings names them. */
const SETTING_LABELS: Record<string, string> = {
  name: 'name',
  description: 'description',
  timeZone: 'time zone',
  graceDays: 'grace days',
  quietDays: 'quiet days',
};

const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** One line of Recent Activity as a sentence: who did what to whom. */
export function activitySentence(entry: ActivityEntry): string {
  const actor = entry.actor ?? OPERATOR;
  const member = entry.subject ?? FORMER_MEMBER;
  const { detail } = entry;
  switch (entry.kind) {
    case 'community.create':
      return `${actor} created the community${detail.name ? ` ${detail.name}` : ''}.`;
    case 'community.update': {
      const fields = (detail.fields ?? []).map((field) => SETTING_LABELS[field] ?? field);
      return fields.length > 0 ? `${actor} changed the community's ${list.format(fields)}.` : `${actor} saved the community's settings unchanged.`;
    }
    case 'community.close':
      return `${actor} set the community to close.`;
    case 'community.reopen':
      return `${actor} kept the community open.`;
    case 'membership.join':
      return `${entry.subject ?? actor} joined with an invitation code.`;
    case 'membership.leave':
      return `${actor} left the community.`;
    case 'membership.remove':
      return `${actor} removed ${member} from the community.`;
    case 'membership.roles.update': {
      const roles = (detail.roles ?? []).map((role) => (isRole(role) ? roleLabel(role) : role));
      return `${actor} set ${member}'s roles to ${list.format(roles.length > 0 ? roles : ['Member'])}.`;
    }
    case 'membership.subgroup.assign':
      return detail.to ? `${actor} placed ${member} in ${detail.to}.` : `${actor} took ${member} out of their subgroup.`;
    case 'subgroup.create':
      return `${actor} created the subgroup ${detail.name ?? entry.subject ?? ''}.`.replace(' .', '.');
    case 'subgroup.delete':
      return `${actor} deleted the subgroup ${detail.name ?? ''}.`.replace(' .', '.');
    case 'subgroup.commander.update':
      return detail.to
        ? `${actor} made ${detail.to} the commander of ${entry.subject ?? GONE_SUBGROUP}.`
        : `${actor} left ${entry.subject ?? GONE_SUBGROUP} without a commander.`;
    case 'invite_code.create':
      return `${actor} made an invitation code.`;
    case 'invite_code.revoke':
      return `${actor} revoked an invitation code.`;
    case 'member_application.approve':
      return `${actor} approved an application to join.`;
    case 'member_application.reject':
      return `${actor} declined an application to join.`;
    case 'calendar_lock.lock':
      return `${actor} locked ${period(detail)}.`;
    case 'calendar_lock.unlock':
      return `${actor} unlocked ${period(detail)}.`;
    case 'calendar_lock.remove':
      return `${actor} removed the lock on ${period(detail)}.`;
    case 'import.csv':
      return `${actor} imported ${detail.count === 1 ? '1 member' : `${detail.count ?? 0} members`} for ${period(detail)}.`;
    case 'guidance.save':
      return `${actor} updated the guidance.`;
    case 'discipline_templates.replace':
      return `${actor} changed the community's disciplines.`;
    case 'user_discipline_targets.update':
      return `${actor} set ${member}'s targets for ${period(detail)}.`;
    case 'user.rename':
      return `${actor} changed their name${detail.name ? ` from ${detail.name}` : ''}.`;
    case 'user.claim':
      return `${actor} claimed the imported history of ${detail.name ?? 'an imported member'}.`;
    case 'user.link-imported':
      return `${actor} linked ${member} to the imported history of ${detail.name ?? 'an imported member'}.`;
    case 'user.offer-imported':
      return `${actor} offered ${member} the imported history of ${detail.name ?? 'an imported member'}.`;
    case 'user.decline-imported':
      return `${actor} declined an offer of imported history.`;
    default:
      return `${actor} made a change (${entry.kind}).`;
  }
}
