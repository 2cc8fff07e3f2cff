import { inArray, lt, sql } from 'drizzle-orm';
import { careWeeklyWords } from '@shared/schema/care';
import { communities, memberships, subgroups } from '@shared/schema/communities';
import { type Database, rowsOf } from '../../db/client';
import { type DeliverySettings, withDeliverySettings } from '../notifications/delivery';
import { notify } from '../notifications/service';
import type { Reader } from '../notifications/words';
import { msg } from '@shared/domain/messages';
import { needsAWordOfCommander } from './needs-a-word';

/** The weekly word goes out from this hour of Monday, in the community's time zone. */
export const WEEKLY_WORD_HOUR = 8;

/** '3 members may need a word this week': how many, never who or why (it may travel by e-mail or push). */
export const weeklyWordTitle =
  (count: number) =>
  ({ t }: Reader) =>
    t('{count, plural, one {# member} other {# members}} you lead may need a word this week', { count });
export const WEEKLY_WORD_MESSAGE = msg('See who, and why, under Needs a word on your dashboard.');

/**
 * The weekly word for commanders (issue 26): from Monday 08:00 in each community's zone, each commander of a
 * subgroup there (still a member) gets one notification naming how many of the members they lead need a
 * word, when any do; by e-mail or push too if they turned 'Weekly word' on. Each commander's week is claimed
 * (a row in care_weekly_words) in the same transaction that counts and notifies: of several servers one
 * claims it, and a failure rolls the claim back for the next scan. Returns how many were sent.
 */
export async function sendDueWeeklyWords(db: Database, settings: DeliverySettings, now: Date): Promise<number> {
  const local = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${communities.timeZone})`;
  const due = rowsOf<{ community_id: string; commander_id: string; week_of: string }>(
    await db.execute(sql`
      SELECT DISTINCT ${subgroups.communityId} AS community_id, ${subgroups.commanderId} AS commander_id, to_char(${local}, 'YYYY-MM-DD') AS week_of
      FROM ${subgroups}
      JOIN ${communities} ON ${communities.id} = ${subgroups.communityId}
      JOIN ${memberships} ON ${memberships.communityId} = ${subgroups.communityId} AND ${memberships.userId} = ${subgroups.commanderId}
      WHERE extract(isodow FROM ${local}) = 1 AND extract(hour FROM ${local}) >= ${WEEKLY_WORD_HOUR}
        AND NOT EXISTS (SELECT 1 FROM ${careWeeklyWords} WHERE ${careWeeklyWords.communityId} = ${subgroups.communityId}
          AND ${careWeeklyWords.commanderId} = ${subgroups.commanderId} AND ${careWeeklyWords.weekOf} = to_char(${local}, 'YYYY-MM-DD'))`),
  );
  if (due.length === 0) return 0;
  const rows = await db
    .select()
    .from(communities)
    .where(inArray(communities.id, [...new Set(due.map((claim) => claim.community_id))]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  let sent = 0;
  for (const claim of due) {
    const community = byId.get(claim.community_id);
    if (!community) continue;
    const notified = await withDeliverySettings(settings, () =>
      db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(careWeeklyWords)
          .values({ communityId: community.id, commanderId: claim.commander_id, weekOf: claim.week_of, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: careWeeklyWords.id });
        // Another server claimed it between the scan and here.
        if (!claimed) return false;
        const count = (await needsAWordOfCommander(tx, community, claim.commander_id, now)).length;
        if (count === 0) return false;
        const title = weeklyWordTitle(count);
        await notify(tx, {
          toUserId: claim.commander_id,
          fromUserId: null,
          communityId: community.id,
          type: 'care_weekly',
          title,
          message: ({ t }) => t(WEEKLY_WORD_MESSAGE),
          outside: { topic: 'weekly', headline: title, path: '/' },
        });
        return true;
      }),
    );
    if (notified) sent++;
  }
  // The claims of past weeks are done with: keep eight weeks.
  await db.delete(careWeeklyWords).where(lt(careWeeklyWords.sentAt, new Date(now.getTime() - 56 * 24 * 60 * 60 * 1000)));
  return sent;
}
