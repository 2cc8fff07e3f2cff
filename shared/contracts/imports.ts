import { z } from 'zod';
import { numberOrDigits } from './fields';
import { monthField } from './tracking';
import { fill, msg } from '../domain/messages';

/** CSV import (DECISIONS.md "Imported members and claiming"). Year range of SPEC.md section 9. */
export const IMPORT_YEAR_MIN = 2020;
export const IMPORT_YEAR_MAX = 2030;
/** About 2 MB of CSV: a year of a large congregation's daily columns fits many times over. */
export const CSV_MAX_CHARACTERS = 2_000_000;
/** Larger files are refused (400) before they are read in full, so one import cannot hold up the server. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_COLUMNS = 1_000;
export const PREVIEW_ROWS = 5;

const csvData = z
  .string({ error: msg('Paste or upload a CSV file') })
  .max(CSV_MAX_CHARACTERS, msg('The file is too large: at most 2 MB of CSV'))
  .refine((text) => text.trim().length > 0, msg('Paste or upload a CSV file'))
  .refine((text) => !text.includes('\u0000'), msg('This does not look like a CSV file'));

/** POST /api/import/csv/preview. */
export const csvPreviewBody = z.object({ csvData });

/**
 * Where a column goes: `email`, `displayName`, `firstName`, `lastName`, `role`, a target field of
 * user_discipline_targets (`bibleReading` ... `silenceHour`), `<disciplineKey>:<day>` for that day's status
 * in the import month, or '' to ignore the column.
 */
export type ImportField = string;

/**
 * The fields a member's name is read from: the display name, or the first and the last name, which the
 * import joins with one space ('Ruth' + 'Moab' is 'Ruth Moab'; either alone is the whole name).
 */
export const NAME_FIELDS = ['displayName', 'firstName', 'lastName'] as const;
export const NAME_PART_FIELDS = ['firstName', 'lastName'] as const;

export const BOTH_NAME_FORMS_MESSAGE = msg('Map the display name or the first and last names, not both: the name is read from one or the other.');

/** Why a mapping (the fields chosen, '' for ignored columns) cannot give a name, when it maps both forms of it; null otherwise. */
export function nameMappingProblem(fields: Iterable<string>): string | null {
  const chosen = new Set(fields);
  const parts = NAME_PART_FIELDS.some((field) => chosen.has(field));
  return chosen.has('displayName') && parts ? BOTH_NAME_FORMS_MESSAGE : null;
}

/** Whether a mapping gives a new member a name (a display-name, first-name or last-name column): without one, an import can create nobody. */
export const mapsAName = (fields: Iterable<string>) => [...fields].some((field) => (NAME_FIELDS as readonly string[]).includes(field));

export interface CsvPreview {
  totalRows: number;
  headers: string[];
  /** The first rows, keyed by header. */
  preview: Record<string, string>[];
  /** A mapping guessed from the header names (header -> field); unmapped headers are absent. */
  suggestedMapping: Record<string, ImportField>;
  /** The fields a column may map to in this community, with a label for each. */
  fields: { value: ImportField; label: string }[];
}

/** POST /api/import/csv. */
export const csvImportBody = z.object({
  csvData,
  columnMapping: z.record(z.string().max(200), z.string().max(100)),
  importMonth: monthField,
  importYear: numberOrDigits(
    z
      .number({ error: fill('Year must be {importYearMin} to {importYearMax}', { importYearMin: IMPORT_YEAR_MIN, importYearMax: IMPORT_YEAR_MAX }) })
      .int(fill('Year must be {importYearMin} to {importYearMax}', { importYearMin: IMPORT_YEAR_MIN, importYearMax: IMPORT_YEAR_MAX }))
      .min(IMPORT_YEAR_MIN, fill('Year must be {importYearMin} to {importYearMax}', { importYearMin: IMPORT_YEAR_MIN, importYearMax: IMPORT_YEAR_MAX }))
      .max(IMPORT_YEAR_MAX, fill('Year must be {importYearMin} to {importYearMax}', { importYearMin: IMPORT_YEAR_MIN, importYearMax: IMPORT_YEAR_MAX })),
  ),
});
export type CsvImportBody = z.input<typeof csvImportBody>;

export interface ImportRowError {
  /** The row's number in the file, counting the header as row 1 (as a spreadsheet shows it). */
  row: number;
  message: string;
}

/** A cell left out of a row that was imported: the rest of the row (the member, their other cells) was. */
export interface ImportCellError {
  /** The row's number in the file, as in ImportRowError. */
  row: number;
  /** The column's header (two joined with ' + ' when the name built from both was refused). */
  column: string;
  message: string;
}

/** A row of someone who is already a real member here: nothing is wrong with it, and their own log is kept as it is. */
export interface ImportAlreadyMember {
  /** The row's number in the file, as in ImportRowError. */
  row: number;
  email: string;
}

export interface ImportResult {
  /** Rows imported (members created or brought up to date). */
  importedCount: number;
  /** Of those, members created by this import. */
  createdCount: number;
  /** Of those, members whose membership, month or targets this import changed: 0 when the same file comes again. */
  changedCount: number;
  /** Rows of real members of the community, left as they are (reported apart from the rows to fix). */
  alreadyMembers: ImportAlreadyMember[];
  /** Rows refused as a whole, each with why (the row's cell problems named too); the other rows were imported. */
  errors: ImportRowError[];
  /** Cells of imported rows that were left out, each with why: a bad cell refuses that cell, not its member. */
  refusedCells: ImportCellError[];
}
