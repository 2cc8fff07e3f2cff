import { describe, expect, it } from 'vitest';
import type { DayStatus } from '@shared/domain/constants';
import { DEFAULT_DISCIPLINES } from '@shared/domain/disciplines';
import { createTestApp } from '../../test/app';
import { logContent } from './daily-logs';
import { communityWith, LIFTED_LIMITS, logRowsOf, pinClock, saveLog } from './tracking-test-kit';

/*
 * A save never refuses (issue 40 item 2): a member tapping five disciplines quickly, or a phone sending its
 * offline queue, sends many saves of one month at once. Each is kept, whatever the order they land in.
 */

const testApp = await createTestApp(LIFTED_LIMITS);
const { app } = testApp;
const { db } = testApp.database;
// Friday 2030-04-19 in Chicago: March is a whole past month, open to saves.
pinClock(testApp, '2030-04-19T15:00:00Z');

const pick = ({ completedCount, dayMarks }: { completedCount: number; dayMarks: string | null }) => ({ completedCount, dayMarks });
const DAILY = DEFAULT_DISCIPLINES.filter((discipline) => discipline.isDailyGrid).map((discipline) => discipline.key);
const STATUSES: DayStatus[] = ['Yes', 'No', 'Partially', 'Sick', 'FeelingTired'];

describe('concurrent saves of one month', () => {
  it('keeps all of 100 saves of distinct cells sent at once: every answer 2xx, every cell stored', async () => {
    const fixture = await communityWith(app, 'tapper');
    const tapper = fixture.members[0]!;
    const cells = Array.from({ length: 100 }, (_, i) => ({ discipline: DAILY[i % DAILY.length]!, day: String(Math.floor(i / DAILY.length) + 1), status: STATUSES[i % STATUSES.length]! }));
    expect(new Set(cells.map((cell) => `${cell.discipline}/${cell.day}`)).size).toBe(100);

    const answers = await Promise.all(cells.map((cell) => saveLog(tapper.agent, fixture.id, 2030, 3, { [cell.discipline]: { [cell.day]: cell.status } })));

    expect(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    const [row] = await logRowsOf(db, fixture.id, tapper.user.id);
    for (const cell of cells) expect(row!.dayStatus[cell.discipline]?.[cell.day], `${cell.discipline} on day ${cell.day}`).toBe(cell.status);
    // The month's summary is that of every cell kept, as the last write left it.
    expect({ completedCount: row!.completedCount, dayMarks: row!.dayMarks }).toMatchObject(pick(logContent(row!.dayStatus, { year: 2030, month: 3 }, DAILY)));
    const read = await tapper.agent.get(`/api/communities/${fixture.id}/daily-log?year=2030&month=3`).expect(200);
    expect(read.body.dayStatus).toEqual(row!.dayStatus);
  });
});
