import type { MemberExportRow } from '@shared/contracts/communities';
import { TARGET_KEYS } from '@shared/domain/disciplines';
import { parseCsv } from '@/lib/csv';
import { FORMULA_INJECTIONS, formulaCells } from '@/lib/csv-test-kit';
import { act } from '@testing-library/react';
import { activateLocale } from '@/i18n';
import { exportColumns, membersCsv, membersCsvFilename } from './export';

function exportRow(overrides: Partial<MemberExportRow> = {}): MemberExportRow {
  const targets = Object.fromEntries(TARGET_KEYS.map((key) => [key, null])) as Record<(typeof TARGET_KEYS)[number], null>;
  return { displayName: 'Ruth Moab', email: 'ruth@example.org', role: 'Member', ...targets, ...overrides };
}

describe('membersCsv', () => {
  it('writes the header and one row per member, with the role as people read it', () => {
    const csv = membersCsv([exportRow({ bibleReading: '2 chapters', role: 'CommunityModerator' })]);
    const [header, row] = parseCsv(csv);
    // SPEC.md section 9's columns, in English.
    expect(header).toEqual(['Display Name', 'Email', 'Role', 'Bible Reading', 'Fasting', 'Morning Intimacy', 'Midnight Prayer', 'Meditation', 'Monthly Retreat', 'Prayer Walk', 'Evangelism', '1 Hr Silence']);
    expect(row).toEqual(['Ruth Moab', 'ruth@example.org', 'Community Moderator', '2 chapters', '', '', '', '', '', '', '', '']);
  });

  it("is written in the reader's language: headers, role and a fixed goal's Yes; what members typed as typed", async () => {
    await act(() => activateLocale('es', { remember: false }));
    try {
      const [header, row] = parseCsv(membersCsv([exportRow({ bibleReading: '2 capítulos', monthlyRetreat: 'Yes', role: 'CommunityModerator' })]));
      expect(header!.slice(0, 5)).toEqual(['Nombre visible', 'Correo electrónico', 'Rol', 'Lectura bíblica', 'Ayuno']);
      expect(row!.slice(0, 4)).toEqual(['Ruth Moab', 'ruth@example.org', 'Moderador de la comunidad', '2 capítulos']);
      expect(row![8]).toBe('Sí');
    } finally {
      await act(() => activateLocale('en', { remember: false }));
    }
  });

  it('starts no formula from a display name, e-mail or target, whether a spreadsheet splits the lines on , or on ;', () => {
    const members = FORMULA_INJECTIONS.map((text) => exportRow({ displayName: text, email: text, fasting: text }));
    const csv = membersCsv(members);
    expect(formulaCells(csv)).toEqual([]);
    const rows = parseCsv(csv).slice(1);
    expect(rows).toHaveLength(FORMULA_INJECTIONS.length);
    expect(rows.every((row) => row.length === exportColumns().length)).toBe(true);
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
