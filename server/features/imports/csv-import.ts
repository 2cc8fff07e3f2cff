import type { ImportField } from '@shared/contracts/imports';
import { type Discipline, TARGET_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { badRequest } from '../../http/errors';
import { quoteList } from './csv-parse';

/**
 * The CSV import's columns (DECISIONS.md "Imported members and claiming"): the fields a column may map to,
 * the mapping guessed from the headers, and the mapping the moderator chose. Pure: csv-parse.ts reads the
 * file, csv-rows.ts each row, import-service.ts writes.
 */

// ---------------------------------------------------------------- fields

export type ImportTarget =
  | { kind: 'email' }
  | { kind: 'displayName' }
  | { kind: 'role' }
  | { kind: 'target'; key: TargetKey }
  | { kind: 'day'; discipline: string; day: number };

const IDENTITY_FIELDS = [
  { value: 'email', label: 'E-mail' },
  { value: 'displayName', label: 'Display name' },
  { value: 'role', label: 'Role' },
] as const;

const dailyGrid = (disciplines: readonly Discipline[]) => disciplines.filter((discipline) => discipline.isDailyGrid);
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

/** Every field a column may map to in a community with these disciplines, with its label. */
export function importFields(disciplines: readonly Discipline[]): { value: ImportField; label: string }[] {
  return [
    ...IDENTITY_FIELDS,
    ...TARGET_KEYS.map((key) => ({ value: key, label: TARGET_LABELS[key] })),
    ...dailyGrid(disciplines).flatMap((discipline) => DAYS.map((day) => ({ value: `${discipline.key}:${day}`, label: `${discipline.label}, day ${day}` }))),
  ];
}

/** What a mapping value asks for, or undefined when it is not a field of this community. */
export function parseField(value: string, disciplines: readonly Discipline[]): ImportTarget | undefined {
  if (value === 'email' || value === 'displayName' || value === 'role') return { kind: value };
  if ((TARGET_KEYS as readonly string[]).includes(value)) return { kind: 'target', key: value as TargetKey };
  const match = /^(.+):([1-9]|[12]\d|3[01])$/.exec(value);
  if (!match) return undefined;
  const discipline = dailyGrid(disciplines).find((d) => d.key === match[1]);
  return discipline ? { kind: 'day', discipline: discipline.key, day: Number(match[2]) } : undefined;
}

// ---------------------------------------------------------------- the suggested mapping

/** A header as compared with the names of fields: lower case, letters and digits only ('E-mail address' reads 'emailaddress'). */
export const squash = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const HEADER_SYNONYMS: Record<'email' | 'displayName' | 'role', string[]> = {
  email: ['email', 'emailaddress', 'mail', 'emails'],
  displayName: ['name', 'displayname', 'fullname', 'membername', 'member', 'names'],
  role: ['role', 'roles', 'memberrole'],
};

function guessField(header: string, disciplines: readonly Discipline[]): ImportField | undefined {
  const exact = parseField(header.trim(), disciplines);
  if (exact) return header.trim();
  const squashed = squash(header);
  if (squashed === '') return undefined;
  for (const [field, names] of Object.entries(HEADER_SYNONYMS)) if (names.includes(squashed)) return field;
  const target = TARGET_KEYS.find((key) => squash(TARGET_LABELS[key]) === squashed || squash(key) === squashed);
  if (target) return target;
  // '<label or key> <day>', '<label> - Day <n>', 'Bible Reading day 3'.
  const dayMatch = /^(.*?)(\d{1,2})$/.exec(header.trim());
  if (!dayMatch) return undefined;
  const day = Number(dayMatch[2]);
  if (day < 1 || day > 31) return undefined;
  const prefix = squash(dayMatch[1]!);
  const candidates = prefix.endsWith('day') ? [prefix, prefix.slice(0, -'day'.length)] : [prefix];
  for (const candidate of candidates) {
    const discipline = dailyGrid(disciplines).find((d) => squash(d.label) === candidate || squash(d.key) === candidate);
    if (discipline) return `${discipline.key}:${day}`;
  }
  return undefined;
}

/** A mapping guessed from the header names; each field is suggested for one column at most (the first). */
export function suggestMapping(headers: readonly string[], disciplines: readonly Discipline[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const field = guessField(header, disciplines);
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

// ---------------------------------------------------------------- the mapping the moderator chose

export interface MappedColumn {
  header: string;
  /** The column's place in the file's headers (and in each row's cells). */
  index: number;
  target: ImportTarget;
}

export const IDENTITY_REQUIRED_MESSAGE = 'Map the e-mail or the display-name column';

/**
 * Checks the mapping against the file and the community (400 with `fields.columnMapping` otherwise):
 * every mapped header is a column of the file, every field is one of `importFields`, each field is mapped
 * once, and the e-mail or the display name is mapped. Columns mapped to '' are ignored.
 */
export function resolveMapping(columnMapping: Record<string, string>, headers: readonly string[], disciplines: readonly Discipline[]): MappedColumn[] {
  const columns: MappedColumn[] = [];
  const missing: string[] = [];
  const unknown: string[] = [];
  const headersByField = new Map<string, string[]>();
  const inFile = new Map(headers.map((header, index) => [header, index]));
  for (const [header, rawField] of Object.entries(columnMapping)) {
    const field = rawField.trim();
    if (field === '') continue;
    if (!inFile.has(header)) {
      missing.push(header);
      continue;
    }
    const target = parseField(field, disciplines);
    if (!target) {
      unknown.push(field);
      continue;
    }
    headersByField.set(field, [...(headersByField.get(field) ?? []), header]);
    columns.push({ header, index: inFile.get(header)!, target });
  }
  const refuse = (message: string): never => {
    throw badRequest(message, { columnMapping: message });
  };
  if (missing.length > 0) refuse(`The file has no column ${quoteList(missing)}. Map only the columns of this file.`);
  if (unknown.length > 0) refuse(`${quoteList(unknown)} cannot be imported into this community. Choose one of the fields offered for each column.`);
  const twice = [...headersByField.entries()].filter(([, mapped]) => mapped.length > 1);
  if (twice.length > 0) {
    const [field, mapped] = twice[0]!;
    refuse(`Each field can be mapped from one column only: "${field}" is mapped from ${quoteList(mapped)}.`);
  }
  if (!columns.some((column) => column.target.kind === 'email' || column.target.kind === 'displayName')) refuse(IDENTITY_REQUIRED_MESSAGE);
  return columns;
}

