/**
 * How names are compared when someone searches for a member: lower case and without accents, so 'jose'
 * finds 'José' and 'EMILE' finds 'Émile'. Postgres keeps the key in users.search_name, a generated column
 * (so rows written by any path, a restore or a bulk load included, have it):
 * translate(lower(display_name), ACCENTED, PLAIN); what is typed goes through the same expression. lower()
 * lowercases only ASCII under the C collation, so both cases of each accented letter are listed.
 */
const PAIRS: readonly [string, string][] = [
  ['àáâãäåāăą', 'a'],
  ['çćĉċč', 'c'],
  ['ďđ', 'd'],
  ['èéêëēĕėęě', 'e'],
  ['ĝğġģ', 'g'],
  ['ĥħ', 'h'],
  ['ìíîïĩīĭį', 'i'],
  ['ĵ', 'j'],
  ['ķ', 'k'],
  ['ĺļľŀł', 'l'],
  ['ñńņň', 'n'],
  ['òóôõöøōŏő', 'o'],
  ['ŕŗř', 'r'],
  ['śŝşšș', 's'],
  ['ţťŧț', 't'],
  ['ùúûüũūŭůűų', 'u'],
  ['ŵ', 'w'],
  ['ýÿŷ', 'y'],
  ['źżž', 'z'],
];

const lowerAccented = PAIRS.map(([accented]) => accented).join('');
const lowerPlain = PAIRS.map(([accented, plain]) => plain.repeat([...accented].length)).join('');

/** The accented letters, both cases, and the plain letter each becomes (translate()'s two lists). */
export const ACCENTED = lowerAccented + lowerAccented.toUpperCase();
export const PLAIN = lowerPlain + lowerPlain;
