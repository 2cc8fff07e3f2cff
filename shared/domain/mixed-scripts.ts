/**
 * Mixed-script detection of Unicode's security mechanisms (UTS #39 section 5): the restriction level of a
 * name, from the scripts its characters belong to. A name above "moderately restrictive" mixes scripts in a
 * way that makes look-alikes ('Vісtim' with a Cyrillic і and с beside 'Victim'), and is refused
 * (DECISIONS.md "Input").
 *
 * Each character's scripts are its Script_Extensions, read from the JavaScript engine's own Unicode data
 * through `\p{Script_Extensions=…}` regular expressions, built the first time a script is asked about: no
 * table ships with the sign-up form. Common and Inherited characters (digits, spaces, punctuation, emoji,
 * combining accents) belong to every script. Han, Hiragana, Katakana, Bopomofo and Hangul characters also
 * belong to the writing systems they are used in together (UTS #39 5.1: Jpan, Kore, Hanb), so Japanese
 * mixing kana and kanji is one script. The name's resolved script set is the intersection over its
 * characters: empty means no single script covers it.
 */

export type RestrictionLevel = 'ascii-only' | 'single-script' | 'highly-restrictive' | 'moderately-restrictive' | 'minimally-restrictive';

/** Every script that Script_Extensions names (ISO 15924 codes), but Common, Inherited and Unknown. */
const SCRIPTS = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari ' +
  'Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong Gonm Goth ' +
  'Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr ' +
  'Khoj Kits Knda Krai Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend ' +
  'Merc Mero Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge ' +
  'Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt ' +
  'Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa ' +
  'Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

/** The writing systems UTS #39 adds (Japanese, Korean, Han with Bopomofo), each with the scripts that make it. */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = { Jpan: ['Hani', 'Hira', 'Kana'], Kore: ['Hani', 'Hang'], Hanb: ['Hani', 'Bopo'] };

/**
 * The Recommended scripts of UAX #31 (table 4) but Latin, Cyrillic and Greek: the one other script Latin may
 * be mixed with at the moderately restrictive level ('Kim 민준', 'Fellowship جماعة').
 */
const MIXES_WITH_LATIN = new Set(
  'Arab Armn Beng Bopo Deva Ethi Geor Gujr Guru Hang Hani Hebr Hira Kana Knda Khmr Laoo Mlym Mymr Orya Sinh Taml Telu Thaa Thai Tibt'.split(' '),
);

let commonOrInherited: RegExp | undefined;
let onlyLatin: RegExp | undefined;
const scriptPatterns = new Map<string, RegExp | null>();

/** The character's Script_Extensions include the script; a script this engine does not know holds nothing. */
function inScript(character: string, script: string): boolean {
  let pattern = scriptPatterns.get(script);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(`^\\p{Script_Extensions=${script}}$`, 'u');
    } catch {
      // A script newer than this browser's Unicode data (its characters are unknown here too).
      pattern = null;
    }
    scriptPatterns.set(script, pattern);
  }
  return pattern !== null && pattern.test(character);
}

/** In the character's augmented script set: the script itself, or a writing system one of whose scripts holds it. */
function inAugmented(character: string, script: string): boolean {
  const parts = AUGMENTED[script];
  return parts ? parts.some((part) => inScript(character, part)) : inScript(character, script);
}

/** The augmented script set of a character that is neither Common nor Inherited: every script is asked once. */
function augmentedScripts(character: string): Set<string> {
  const scripts = new Set(SCRIPTS.filter((script) => inScript(character, script)));
  for (const [system, parts] of Object.entries(AUGMENTED)) if (parts.some((part) => scripts.has(part))) scripts.add(system);
  return scripts;
}

/**
 * The intersection of the characters' augmented script sets, Common and Inherited characters (and those the
 * `skip` test picks) left out: null when nothing was left (every script), empty when no script covers them all.
 */
function resolvedScripts(characters: readonly string[], skip?: (character: string) => boolean): Set<string> | null {
  commonOrInherited ??= /^[\p{Script_Extensions=Zyyy}\p{Script_Extensions=Zinh}]$/u;
  let resolved: Set<string> | null = null;
  for (const character of characters) {
    if (commonOrInherited.test(character) || skip?.(character)) continue;
    if (resolved === null) {
      resolved = augmentedScripts(character);
    } else {
      for (const script of resolved) if (!inAugmented(character, script)) resolved.delete(script);
    }
    if (resolved.size === 0) break;
  }
  return resolved;
}

/**
 * The restriction level of UTS #39 section 5.2, for text in its NFKC form, without the identifier profile's
 * character limits (names may hold spaces, punctuation and emoji):
 * - ascii-only: printable ASCII;
 * - single-script: one script covers every character (Japanese kana with kanji count as one, 5.1);
 * - highly-restrictive: Latin with Han and kana, Han and Bopomofo, or Han and Hangul;
 * - moderately-restrictive: Latin with any one other Recommended script but Cyrillic and Greek;
 * - minimally-restrictive: anything else.
 */
export function restrictionLevel(text: string): RestrictionLevel {
  if (/^[\x20-\x7E]*$/.test(text)) return 'ascii-only';
  onlyLatin ??= /^[\p{Script_Extensions=Latn}\p{Script_Extensions=Zyyy}\p{Script_Extensions=Zinh}]*$/u;
  // Most names: Latin letters (accents included), digits, spaces and punctuation.
  if (onlyLatin.test(text)) return 'single-script';
  const characters = Array.from(text);
  const resolved = resolvedScripts(characters);
  if (resolved === null || resolved.size > 0) return 'single-script';
  const withoutLatin = resolvedScripts(characters, (character) => inScript(character, 'Latn'));
  if (withoutLatin === null || withoutLatin.size === 0) return 'minimally-restrictive';
  if (Object.keys(AUGMENTED).some((system) => withoutLatin.has(system))) return 'highly-restrictive';
  return [...withoutLatin].some((script) => MIXES_WITH_LATIN.has(script)) ? 'moderately-restrictive' : 'minimally-restrictive';
}

/** The levels a display name may have: moderately restrictive or stricter. */
export function mixesScriptsAcceptably(text: string): boolean {
  return restrictionLevel(text) !== 'minimally-restrictive';
}
