import type { MemberExportRow } from '@shared/contracts/communities';
import { TARGET_KEYS } from '@shared/domain/disciplines';
import { parseCsv } from '@/lib/csv';
import { FORMULA_INJECTIONS, formulaCells } from '@/lib/csv-test-kit';
import { EXPORT_COLUMNS, membersCsv, membersCsvFilename } from './export';

function exportRow(overrides: Partial<MemberExportRow> = {}): MemberExportRow {
  const targets = Object.fromEntries(TARGET_KEYS.map((key) => [key, null])) as Record<(typeof TARGET_KEYS)[number], null>;
  return { displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'Member', ...targets, ...overrides };
}

describe('membersCsv', () => {
  it('writes the header and one row per member, with the role as people read it', () => {
    const csv = membersCsv([exportRow({ bibleReading: '2 chapters', role: 'CommunityModerator' })]);
    const [header, row] = parseCsv(csv);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(row).toEqual(['Ruth Moab', 'ruth@example.org', 'Community Moderator', '2 chapters', '', '', '', '', '', '', '', '']);
  });

  it('starts no formula from a display name, e-mail or target, whether a spreadsheet splits the lines on , or on ;', () => {
    const members = FORMULA_INJECTIONS.map((text) => exportRow({ displayName: text, email: text, fasting: text }));
    const csv = membersCsv(members);
    expect(formulaCells(csv)).toEqual([]);
    const rows = parseCsv(csv).slice(1);
    expect(rows).toHaveLength(FORMULA_INJECTIONS.length);
    expect(rows.every((row) => row.length === EXPORT_COLUMNS.length)).toBe(true);
    expect(rows[0]!.slice(0, 2)).toEqual(["Ruth;'=1+1;", "Ruth;'=1+1;"]);
    // A semicolon-locale spreadsheet keeps the name in one cell.
    expect(csv.split('\r\n')[1]).toMatch(/^"Ruth;'=1\+1;",/);
  });
});

describe('membersCsvFilename', () => {
  it('names the file after the community and the day', () => {
    expect(membersCsvFilename('Hope Chapel', new Date(2026, 10, 21))).toBe('members-hope-chapel-2026-11-21.csv');
  });
});
