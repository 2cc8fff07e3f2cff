import { apiMessage, fill } from '@shared/domain/messages';
import { type ImportField, mapsAName, nameMappingProblem } from '@shared/contracts/imports';
import { type Discipline, TARGET_KEYS, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import { squash } from '@shared/domain/squash';
import { badRequest } from '../../http/errors';
import { quoteList } from './csv-parse';
import { DAY_WORDS, namesOfDiscipline, targetNamed } from './discipline-words';
import { MEMBER_EXPORT_HEADERS } from '@shared/contracts/communities';
import { LOCALES } from '@shared/domain/locales';
import { translator } from '../../i18n/translate';

/**
 * The CSV import's columns (DECISIONS.md "Imported members and claiming"): the fields a column may map to,
 * the mapping guessed from the headers, and the mapping the moderator chose. Pure: csv-parse.ts reads the
 * file, csv-rows.ts each row, import-service.ts writes.
 */

// ---------------------------------------------------------------- fields

export type ImportTarget =
  | { kind: 'email' }
  | { kind: 'displayName' }
  | { kind: 'firstName' }
  | { kind: 'lastName' }
  | { kind: 'role' }
  | { kind: 'target'; key: TargetKey }
  | { kind: 'day'; discipline: string; day: number };

const IDENTITY_FIELDS = [
  { value: 'email', label: 'E-mail' },
  { value: 'displayName', label: 'Display name' },
  { value: 'firstName', label: 'First name' },
  { value: 'lastName', label: 'Last name' },
  { value: 'role', label: 'Role' },
] as const;
const IDENTITY_VALUES: readonly string[] = IDENTITY_FIELDS.map((field) => field.value);

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
  if (IDENTITY_VALUES.includes(value)) return { kind: value as (typeof IDENTITY_FIELDS)[number]['value'] };
  if ((TARGET_KEYS as readonly string[]).includes(value)) return { kind: 'target', key: value as TargetKey };
  const match = /^(.+):([1-9]|[12]\d|3[01])$/.exec(value);
  if (!match) return undefined;
  const discipline = dailyGrid(disciplines).find((d) => d.key === match[1]);
  return discipline ? { kind: 'day', discipline: discipline.key, day: Number(match[2]) } : undefined;
}

// ---------------------------------------------------------------- the suggested mapping

type GuessedIdentity = 'email' | 'displayName' | 'firstName' | 'lastName' | 'role';

/**
 * The header words of each field in English, Spanish, Portuguese, French, German and Korean, compared
 * squashed (case, accents, spaces and punctuation aside: 'Correo electrónico' is 'correoelectronico').
 */
const HEADER_WORDS: Record<GuessedIdentity, string[]> = {
  email: [
    'email', 'e-mail address', 'mail', 'emails', 'mail address',
    'correo', 'correos', 'correo electrónico', 'correo-e', 'dirección de correo', 'dirección de correo electrónico', 'dirección de e-mail',
    'correio', 'correio eletrônico', 'correio eletrónico', 'endereço de e-mail', 'endereço eletrônico',
    'courriel', 'adresse courriel', 'adresse e-mail', 'adresse mail', 'adresse électronique', 'mél',
    'e-mail-adresse', 'mailadresse', 'e-mail adresse',
    '이메일', '이메일 주소', '전자우편', '전자 우편', '메일', '메일 주소',
  ],
  displayName: [
    'display name', 'full name', 'member name', 'member', 'names',
    'nombre completo', 'nombre y apellido', 'nombre y apellidos', 'nombres y apellidos', 'miembro',
    'nome completo', 'nome e sobrenome', 'membro',
    'nom complet', 'nom et prénom', 'prénom et nom', 'nom prénom', 'prénom nom', 'membre',
    'vollständiger name', 'vor- und nachname', 'name und vorname', 'mitglied',
    '성명', '성함', '회원', '회원 이름', '회원명',
  ],
  firstName: [
    'first name', 'first', 'given name', 'given names', 'forename',
    'primer nombre', 'nombre de pila',
    'primeiro nome', 'nome próprio',
    'prénom', 'prénoms',
    'vorname', 'vornamen', 'rufname',
  ],
  lastName: [
    'last name', 'last', 'surname', 'surnames', 'family name',
    'apellido', 'apellidos', 'primer apellido',
    'sobrenome', 'apelido', 'último nome', 'nome de família',
    'nom de famille',
    'nachname', 'familienname', 'zuname',
  ],
  role: ['role', 'roles', 'member role', 'rol', 'papel', 'função', 'rôle', 'rolle', '역할', '직분'],
};

/**
 * Words for 'name' that are the whole name alone but one part of it beside the other part: 'Nombre' beside
 * 'Apellido' is the first name, 'Nom' beside 'Prénom' (and German 'Name' beside 'Vorname') the last name.
 */
const PART_OR_WHOLE_NAME_WORDS = new Set(['name', 'nombre', 'nombres', 'nome', 'nom', '이름'].map(squash));

const HEADER_FIELDS = new Map<string, GuessedIdentity>(
  (Object.entries(HEADER_WORDS) as [GuessedIdentity, string[]][]).flatMap(([field, words]) => words.map((word) => [squash(word), field] as const)),
);
for (const word of PART_OR_WHOLE_NAME_WORDS) HEADER_FIELDS.set(word, 'displayName');
// The member export's headers in each of the app's languages: a file exported in Korean imports as one in English.
for (const locale of LOCALES) {
  for (const [field, header] of Object.entries(MEMBER_EXPORT_HEADERS) as [GuessedIdentity, string][]) {
    const word = squash(translator(locale)(header));
    if (!HEADER_FIELDS.has(word)) HEADER_FIELDS.set(word, field);
  }
}

function guessField(header: string, disciplines: readonly Discipline[]): ImportField | undefined {
  const exact = parseField(header.trim(), disciplines);
  if (exact) return header.trim();
  const squashed = squash(header);
  if (squashed === '') return undefined;
  const identity = HEADER_FIELDS.get(squashed);
  if (identity) return identity;
  const target = targetNamed(squashed);
  if (target) return target;
  // '<name> <day>', '<name> - Day <n>', 'Bible Reading day 3', 'Ayuno día 3', '금식 3일', in the six languages.
  const dayMatch = /^(.*?)(\d{1,2})\s*일?$/u.exec(header.trim());
  if (!dayMatch) return undefined;
  const day = Number(dayMatch[2]);
  if (day < 1 || day > 31) return undefined;
  const prefix = squash(dayMatch[1]!);
  const dayWord = DAY_WORDS.find((word) => prefix.endsWith(word) && prefix.length > word.length);
  const candidates = dayWord ? [prefix, prefix.slice(0, -dayWord.length)] : [prefix];
  for (const candidate of candidates) {
    const discipline = dailyGrid(disciplines).find((d) => namesOfDiscipline(d).has(candidate));
    if (discipline) return `${discipline.key}:${day}`;
  }
  return undefined;
}

/**
 * The name's columns as a file holds them: a 'name' word beside one part of the name is the other part
 * ('Nombre' + 'Apellido', 'Prénom' + 'Nom'); a whole name beside the parts wins, and the parts are left
 * unmapped (the name is read from one or the other).
 */
function pairNameParts(headers: readonly string[], guesses: (ImportField | undefined)[]): (ImportField | undefined)[] {
  const has = (field: string) => guesses.includes(field);
  const paired = guesses.map((field, index) => {
    if (field !== 'displayName' || !PART_OR_WHOLE_NAME_WORDS.has(squash(headers[index]!))) return field;
    if (has('lastName') && !has('firstName')) return 'firstName';
    if (has('firstName') && !has('lastName')) return 'lastName';
    return field;
  });
  return paired.includes('displayName') ? paired.map((field) => (field === 'firstName' || field === 'lastName' ? undefined : field)) : paired;
}

/**
 * A mapping guessed from the header names (in any of the languages of HEADER_WORDS, the name's parts paired);
 * each field is suggested for one column at most (the first).
 */
export function suggestMapping(headers: readonly string[], disciplines: readonly Discipline[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<string>();
  const guesses = pairNameParts(headers, headers.map((header) => guessField(header, disciplines)));
  for (const [index, header] of headers.entries()) {
    const field = guesses[index];
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

export const IDENTITY_REQUIRED_MESSAGE = apiMessage('Map the e-mail, the display-name or the first- and last-name columns');

/**
 * Checks the mapping against the file and the community (400 with `fields.columnMapping` otherwise):
 * every mapped header is a column of the file, every field is one of `importFields`, each field is mapped
 * once, the e-mail or a name (the display name, or first and last names) is mapped, and not both forms of
 * the name. Columns mapped to '' are ignored. An e-mail alone is accepted: it finds members imported before.
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
  if (missing.length > 0) refuse(fill(apiMessage('The file has no column {columns}. Map only the columns of this file.'), { columns: quoteList(missing) }));
  if (unknown.length > 0) refuse(fill(apiMessage('{columns} cannot be imported into this community. Choose one of the fields offered for each column.'), { columns: quoteList(unknown) }));
  const twice = [...headersByField.entries()].filter(([, mapped]) => mapped.length > 1);
  if (twice.length > 0) {
    const [field, mapped] = twice[0]!;
    refuse(fill(apiMessage('Each field can be mapped from one column only: "{field}" is mapped from {columns}.'), { field, columns: quoteList(mapped) }));
  }
  const both = nameMappingProblem(columns.map((column) => column.target.kind));
  if (both) refuse(both);
  if (!columns.some((column) => column.target.kind === 'email' || mapsAName([column.target.kind]))) refuse(IDENTITY_REQUIRED_MESSAGE);
  return columns;
}

