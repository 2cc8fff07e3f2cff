import type { ActivityEntry } from '@shared/contracts/activity';
import { isRole } from '@shared/domain/roles';
import { dateFormat, formatList, i18n, msg } from '@/i18n';
import { roleName } from '@/i18n/labels';

/** The community's settings as Community Settings names them. */
const SETTING_LABELS: Record<string, string> = {
  name: msg('name'),
  description: msg('description'),
  timeZone: msg('time zone'),
  graceDays: msg('grace days'),
  quietDays: msg('quiet days'),
  defaultLocale: msg('default language'),
};

/** 'March 2026', or null when the entry names no month. */
const period = ({ month, year }: ActivityEntry['detail']) =>
  month && year ? dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1)) : null;

/** One line of Recent Activity as a sentence: who did what to whom. */
export function activitySentence(entry: ActivityEntry): string {
  const { t } = i18n;
  const actor = entry.actor ?? t("The server's operator");
  const member = entry.subject ?? t('a former member');
  const subgroup = entry.subject ?? t('a subgroup since deleted');
  const { detail } = entry;
  const month = period(detail);
  switch (entry.kind) {
    case 'community.create':
      return detail.name ? t('{actor} created the community {name}.', { actor, name: detail.name }) : t('{actor} created the community.', { actor });
    case 'community.update': {
      const fields = (detail.fields ?? []).map((field) => (SETTING_LABELS[field] ? t(SETTING_LABELS[field]) : field));
      return fields.length > 0
        ? t("{actor} changed the community's {fields}.", { actor, fields: formatList(fields) })
        : t("{actor} saved the community's settings unchanged.", { actor });
    }
    case 'community.close':
      return t('{actor} set the community to close.', { actor });
    case 'community.reopen':
      return t('{actor} kept the community open.', { actor });
    case 'membership.join':
      return t('{actor} joined with an invitation code.', { actor: entry.subject ?? actor });
    case 'membership.leave':
      return t('{actor} left the community.', { actor });
    case 'membership.remove':
      return t('{actor} removed {member} from the community.', { actor, member });
    case 'membership.roles.update': {
      const roles = (detail.roles ?? []).map((role) => (isRole(role) ? roleName(role) : role));
      return t("{actor} set {member}'s roles to {roles}.", { actor, member, roles: formatList(roles.length > 0 ? roles : [roleName('Member')]) });
    }
    case 'membership.subgroup.assign':
      return detail.to
        ? t('{actor} placed {member} in {subgroup}.', { actor, member, subgroup: detail.to })
        : t('{actor} took {member} out of their subgroup.', { actor, member });
    case 'subgroup.create': {
      const name = detail.name ?? entry.subject;
      return name ? t('{actor} created the subgroup {name}.', { actor, name }) : t('{actor} created the subgroup.', { actor });
    }
    case 'subgroup.delete':
      return detail.name ? t('{actor} deleted the subgroup {name}.', { actor, name: detail.name }) : t('{actor} deleted the subgroup.', { actor });
    case 'subgroup.commander.update':
      return detail.to
        ? t('{actor} made {commander} the commander of {subgroup}.', { actor, commander: detail.to, subgroup })
        : t('{actor} left {subgroup} without a commander.', { actor, subgroup });
    case 'invite_code.create':
      return t('{actor} made an invitation code.', { actor });
    case 'invite_code.revoke':
      return t('{actor} revoked an invitation code.', { actor });
    case 'member_application.approve':
      return t('{actor} approved an application to join.', { actor });
    case 'member_application.reject':
      return t('{actor} declined an application to join.', { actor });
    case 'calendar_lock.lock':
      return month ? t('{actor} locked {month}.', { actor, month }) : t('{actor} locked a month.', { actor });
    case 'calendar_lock.unlock':
      return month ? t('{actor} unlocked {month}.', { actor, month }) : t('{actor} unlocked a month.', { actor });
    case 'calendar_lock.remove':
      return month ? t('{actor} removed the lock on {month}.', { actor, month }) : t('{actor} removed the lock on a month.', { actor });
    case 'import.csv': {
      const count = detail.count ?? 0;
      return month
        ? t('{actor} imported {count, plural, one {# member} other {# members}} for {month}.', { actor, count, month })
        : t('{actor} imported {count, plural, one {# member} other {# members}} for a month.', { actor, count });
    }
    case 'guidance.save':
      return t('{actor} updated the guidance.', { actor });
    case 'discipline_templates.replace':
      return t("{actor} changed the community's disciplines.", { actor });
    case 'user_discipline_targets.update':
      return month
        ? t("{actor} set {member}'s targets for {month}.", { actor, member, month })
        : t("{actor} set {member}'s targets for a month.", { actor, member });
    case 'user.rename':
      return detail.name ? t('{actor} changed their name from {name}.', { actor, name: detail.name }) : t('{actor} changed their name.', { actor });
    case 'user.claim':
      return detail.name
        ? t('{actor} claimed the imported history of {name}.', { actor, name: detail.name })
        : t('{actor} claimed the imported history of an imported member.', { actor });
    case 'user.link-imported':
      return detail.name
        ? t('{actor} linked {member} to the imported history of {name}.', { actor, member, name: detail.name })
        : t('{actor} linked {member} to the imported history of an imported member.', { actor, member });
    case 'user.offer-imported':
      return detail.name
        ? t('{actor} offered {member} the imported history of {name}.', { actor, member, name: detail.name })
        : t('{actor} offered {member} the imported history of an imported member.', { actor, member });
    case 'user.decline-imported':
      return t('{actor} declined an offer of imported history.', { actor });
    default:
      return t('{actor} made a change ({kind}).', { actor, kind: entry.kind });
  }
}
