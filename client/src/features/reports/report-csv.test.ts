import { parseCsv } from '@/lib/csv';
import { FORMULA_INJECTIONS, formulaCells } from '@/lib/csv-test-kit';
import { makeMember } from '@/features/tracking/test-kit';
import { memberReportCsv, REPORT_COLUMNS } from './report-csv';

describe('memberReportCsv', () => {
  it('starts no formula from a name or e-mail, whether a spreadsheet splits the lines on , or on ;', () => {
    const members = FORMULA_INJECTIONS.map((text, index) => makeMember({ id: `m${index}`, displayName: text, email: text }));
    const csv = memberReportCsv(members);
    expect(formulaCells(csv)).toEqual([]);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...REPORT_COLUMNS]);
    expect(rows.slice(1).map((row) => row.length)).toEqual(members.map(() => REPORT_COLUMNS.length));
    expect(rows[1]).toEqual(["Ruth;'=1+1;", "Ruth;'=1+1;", 'Member', '2026-01-10']);
    expect(rows[2]!.slice(0, 2)).toEqual(["a,'=cmd|' /C calc'!A0", "a,'=cmd|' /C calc'!A0"]);
    expect(rows[3]!.slice(0, 2)).toEqual(["x; '@SUM(1)", "x; '@SUM(1)"]);
  });
});
