import { z } from 'zod';
import { QUIET_DAYS_MAX, QUIET_DAYS_MIN, ROLES, type Role } from '../domain/constants';
import { LOCALE_CHOICE_MESSAGE, LOCALES, type Locale } from '../domain/locales';
import { cursorField, multiLineText, numberOrDigits, singleLineText, uuidField } from './fields';
import type { TargetKey } from '../domain/disciplines';
import { fill, msg } from '../domain/messages';

/** GET /api/memberships: one entry per community the user belongs to. */
export interface MembershipView {
  /** Null for a community reached only as InstitutionAdmin of its institution (no membership of one's own). */
  id: string | null;
  communityId: string;
  userId: string;
  /** The highest of `roles`. */
  role: Role;
  roles: Role[];
  subgroupId: string | null;
  /**
   * `closesAt`: when the community is erased (ISO), while it is closing (issue 39); null while it is open. The
   * server always sends it; optional because a copy kept offline from before it existed reads as open.
   */
  community: { id: string; name: string; description: string | null; closesAt?: string | null };
}

/** GET /api/communities/administered?search=: a community the caller administers without belonging to it. */
export interface AdministeredCommunity {
  id: string;
  name: string;
  description: string | null;
}

export const administeredQuery = z.object({ search: singleLineText(msg('Search')).max(100, msg('Search is at most 100 characters')).default('') });

const COMMUNITY_NAME_MAX = 100;
const DESCRIPTION_MAX = 500;

export const timeZoneField = singleLineText(msg('Time zone'))
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, msg('Unknown time zone'));

/** The language of members who never chose one; null lets each member's browser decide. */
const defaultLocaleField = z.enum(LOCALES, { error: LOCALE_CHOICE_MESSAGE }).nullable().optional();

const descriptionField = multiLineText(msg('Description'))
  .max(DESCRIPTION_MAX, fill('Description must be at most {descriptionMax} characters', { descriptionMax: DESCRIPTION_MAX }))
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/communities. */
export const createCommunityBody = z.object({
  name: singleLineText(msg('Community name')).min(1, msg('Please enter a name for your community.')).max(COMMUNITY_NAME_MAX, fill('Community name must be at most {communityNameMax} characters', { communityNameMax: COMMUNITY_NAME_MAX })),
  description: descriptionField,
  timeZone: timeZoneField.optional(),
  defaultLocale: defaultLocaleField,
});
export type CreateCommunityBody = z.infer<typeof createCommunityBody>;

const QUIET_DAYS_MESSAGE = fill('Quiet days must be a whole number from {quietDaysMin} to {quietDaysMax}', { quietDaysMin: QUIET_DAYS_MIN, quietDaysMax: QUIET_DAYS_MAX });

/** PUT /api/communities/{id}. */
export const updateCommunityBody = z.object({
  name: singleLineText(msg('Community name')).min(1, msg('Community name cannot be empty.')).max(COMMUNITY_NAME_MAX, fill('Community name must be at most {communityNameMax} characters', { communityNameMax: COMMUNITY_NAME_MAX })),
  description: descriptionField,
  timeZone: timeZoneField.optional(),
  defaultLocale: defaultLocaleField,
  graceDays: z.boolean().optional(),
  /** Days without a check-in after which a member shows in their commander's 'Needs a word'. */
  quietDays: z
    .number({ error: QUIET_DAYS_MESSAGE })
    .int(QUIET_DAYS_MESSAGE)
    .min(QUIET_DAYS_MIN, QUIET_DAYS_MESSAGE)
    .max(QUIET_DAYS_MAX, QUIET_DAYS_MESSAGE)
    .optional(),
});
export type UpdateCommunityBody = z.infer<typeof updateCommunityBody>;

/** POST /api/communities/join. Matching ignores case and surrounding spaces. */
export const joinCommunityBody = z.object({
  inviteCode: singleLineText(msg('Invitation code'))
    .min(1, msg('Please enter a valid invitation code.'))
    .max(32, msg('Please enter a valid invitation code.'))
    .transform((code) => code.toUpperCase()),
});
export type JoinCommunityBody = z.infer<typeof joinCommunityBody>;

/** PATCH /api/users/{userId}/role. No role selected means Member. */
export const updateRolesBody = z.object({
  roles: z
    .array(z.enum(ROLES, { error: fill('Roles must be among {roles}', { roles: ROLES.join(', ') }) }), { error: msg('roles must be a list') })
    .max(ROLES.length)
    .transform((roles) => (roles.length === 0 ? (['Member'] as const satisfies readonly (typeof ROLES)[number][]) : [...new Set(roles)])),
});
export type UpdateRolesBody = z.infer<typeof updateRolesBody>;

export interface CommunityView {
  id: string;
  institutionId: string;
  name: string;
  description: string | null;
  isPrivate: boolean;
  isProgressLocked: boolean;
  timeZone: string;
  /** The language of members who never chose one; null: each member's browser decides. */
  defaultLocale?: Locale | null;
  graceDays: boolean;
  /** Days without a check-in after which a member needs a word from their commander. */
  quietDays: number;
  theme: string | null;
  createdAt: string;
  /**
   * While the community is closing (issue 39): when it is erased (ISO); read-only until then. Null while it is
   * open. The server always sends it; optional because a copy kept offline from before it existed reads as open.
   */
  closesAt?: string | null;
}

/** The member export's first columns (SPEC.md section 9), named in the reader's language; an import reads them back in any. */
export const MEMBER_EXPORT_HEADERS = { displayName: msg('Display Name'), email: msg('Email'), role: msg('Role') } as const;

/** GET /api/communities/{id}/members. `email` is shown to admins only. */
export interface CommunityMember {
  id: string;
  displayName: string;
  email: string | null;
  /** The highest of the membership's own roles. */
  role: Role;
  roles: Role[];
  /**
   * The highest effective role (InstitutionAdmin held anywhere in the institution and SuperAdmin included):
   * what rank rules compare, so nobody is offered an action on someone who outranks them.
   */
  rank: Role;
  subgroupId: string | null;
  isImported: boolean;
  /** An imported record whose history an admin offered to a member, waiting for their answer: that member's name (admins only; else null). */
  offeredTo: string | null;
  createdAt: string;
}

/**
 * GET /api/communities/{id}/members?limit=&cursor=&search=&role=&subgroupId=: a page of the member list, by
 * name (keyset). Without `limit` the route answers SPEC.md's whole array instead.
 */
import { MEMBERS_PAGE_MAX } from './wire-values';

export { MEMBERS_PAGE_MAX };
const LIMIT_MESSAGE = fill('Limit must be 1 to {membersPageMax}', { membersPageMax: MEMBERS_PAGE_MAX });
export const membersPageQuery = z.object({
  limit: numberOrDigits(z.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MEMBERS_PAGE_MAX, LIMIT_MESSAGE)),
  cursor: cursorField.optional(),
  /** A part of the name (case and accents aside) or, for admins, of the e-mail. */
  search: singleLineText(msg('Search')).pipe(z.string().max(100, msg('Search must be at most 100 characters'))).optional(),
  role: z.enum(ROLES, { error: msg('Role must be one of the roles') }).optional(),
  /**
   * A subgroup's id; 'none' for members in no subgroup; 'unassigned' for those in none who lead none either
   * (a commander's subgroup is the one they lead).
   */
  subgroupId: z.union([z.literal('none'), z.literal('unassigned'), uuidField], { error: msg("Subgroup must be a subgroup's id, none or unassigned") }).optional(),
  /** 'true': only members who may lead a subgroup (Commander or an admin role, counting institution-wide and server-wide rights). */
  mayLead: z
    .enum(['true', 'false'], { error: msg('mayLead must be true or false') })
    .transform((value) => value === 'true')
    .optional(),
});
export type MembersPageQuery = z.input<typeof membersPageQuery>;

export interface MembersPage {
  members: CommunityMember[];
  /** Where the next page starts, or null on the last page. */
  nextCursor: string | null;
  /** How many members match, counted on the first page only (null on the others). */
  total: number | null;
}

export interface CommunityStats {
  /** Members who can check in (imported records awaiting a claim are counted apart). */
  totalMembers: number;
  totalCommanders: number;
  openQuestions: number;
  /** Mean monthly progress (percent) of the members who can check in, this month. */
  avgCompletion: number;
  /** Imported records nobody has claimed yet: shown apart, never counted as members who stopped praying. */
  importedUnclaimed: number;
}

export interface InviteCodeView {
  id: string;
  inviteCode: string;
  expiresAt: string;
  /** The creator's display name (null once they are gone). */
  createdBy: string | null;
  createdAt: string;
  /** How many members joined with it. */
  uses: number;
}

export interface ClaimInfo {
  canClaim: boolean;
  importedUserId: string | null;
  importedUserName: string | null;
  importedUserEmail: string | null;
  /** A record with the member's e-mail exists, but the e-mail is not verified yet: verify, then claim. */
  needsEmailVerification: boolean;
  /** A record with the member's name and no e-mail exists: only a moderator can link it to them. */
  askModerator: boolean;
}

export interface JoinResult {
  communityId: string;
  community: { id: string; name: string; description: string | null };
  claimInfo: ClaimInfo;
}

/** GET /api/export/csv: one row per member with the targets in force this month; the client writes the CSV. */
export type MemberExportRow = {
  displayName: string;
  email: string | null;
  role: Role;
} & Record<TargetKey, string | null>;
