import { inArray, sql } from 'drizzle-orm';
import { careWeeklyWords } from '@shared/schema/care';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { type Database, rowsOf } from '../../db/client';
import { type DeliverySettings, withDeliverySettings } from '../notifications/delivery';
import { notify } from '../notifications/service';
import { needsAWordOfCommander } from './needs-a-word';

/** The weekly word goes out from this hour of Monday, in the community's time zone. */
export const WEEKLY_WORD_HOUR = 8;

/** '3 members may need a word this week': how many, never who or why (it may travel by e-mail or push). */
export const weeklyWordTitle = (count: number) => `${count === 1 ? '1 member' : `${count} members`} you lead may need a word this week`;
export const WEEKLY_WORD_MESSAGE = 'See who, and why, under Needs a word on your dashboard.';

/**
 * The weekly word for commanders (issue 26): from Monday 08:00 in each community's zone, each commander of a
 * subgroup there (still a member) gets one notification naming how many of the members they lead need a
 * word, when any do; by e-mail or push too if they turned 'Weekly word' on. Claimed with one INSERT … ON
 * CONFLICT DO NOTHING per scan, so of several servers, or after a restart, each is sent once a week.
 * Returns how many were sent.
 */
export async function sendDueWeeklyWords(db: Database, settings: DeliverySettings, now: Date): Promise<number> {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${communities.timeZone})`;
  const claimed = rowsOf<{ community_id: string; commander_id: string }>(
    await db.execute(sql`
      INSERT INTO ${careWeeklyWords} (community_id, commander_id, week_of, sent_at)
      SELECT DISTINCT ${subgroups.communityId}, ${subgroups.commanderId}, to_char(${local}, 'YYYY-MM-DD'), ${now.toISOString()}::timestamptz
      FROM ${subgroups}
      JOIN ${communities} ON ${communities.id} = ${subgroups.communityId}
      JOIN ${memberships} ON ${memberships.communityId} = ${subgroups.communityId} AND ${memberships.userId} = ${subgroups.commanderId}
      WHERE extract(isodow FROM ${local}) = 1 AND extract(hour FROM ${local}) >= ${WEEKLY_WORD_HOUR}
      ON CONFLICT DO NOTHING
      RETURNING community_id, commander_id`),
  );
  if (claimed.length === 0) return 0;
  const rows = await db
    .select()
    .from(communities)
    .where(inArray(communities.id, [...new Set(claimed.map((claim) => claim.community_id))]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  let sent = 0;
  for (const claim of claimed) {
    const community = byId.get(claim.community_id);
    if (!community) continue;
    const count = (await needsAWordOfCommander(db, community, claim.commander_id, now)).length;
    if (count === 0) continue;
    const title = weeklyWordTitle(count);
    await withDeliverySettings(settings, () =>
      db.transaction((tx) =>
        notify(tx, {
          toUserId: claim.commander_id,
          fromUserId: null,
          communityId: community.id,
          type: 'care_weekly',
          title,
          message: WEEKLY_WORD_MESSAGE,
          outside: { topic: 'weekly', headline: title, path: '/' },
        }),
      ),
    );
    sent++;
  }
  return sent;
}
