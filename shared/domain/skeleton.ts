import { CONFUSABLES } from './confusables-data';

/**
 * Confusable detection of Unicode's security mechanisms (UTS #39 section 4): two names whose skeletons are
 * equal look alike ('Victim Mod' and 'Vісtim Mod' with a Cyrillic і and с; 'paypal' and 'pаypal').
 *
 * Server-only: the mapping is some 70 KB that no screen needs (shared/domain/skeleton.test.ts checks that no
 * client code imports it). Made from confusables.txt by scripts/generate-confusables.mjs.
 */

let prototypes: Map<number, string> | undefined;

/** The prototype of each confusable code point, read from the generated data the first time it is needed. */
function prototypeMap(): Map<number, string> {
  if (!prototypes) {
    prototypes = new Map();
    for (const line of CONFUSABLES.split('\n')) {
      if (!line) continue;
      const [from, ...to] = line.split(' ').map((codePoint) => Number.parseInt(codePoint, 16));
      prototypes.set(from!, String.fromCodePoint(...to));
    }
  }
  return prototypes;
}

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * skeleton(X) of UTS #39: X in NFD, without default-ignorable code points (zero-width and other invisible
 * characters), each character replaced by its prototype in confusables.txt, and the result in NFD again. For
 * comparing only: it is no name to show.
 */
export function skeleton(text: string): string {
  const map = prototypeMap();
  let mapped = '';
  for (const character of text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')) {
    mapped += map.get(character.codePointAt(0)!) ?? character;
  }
  return mapped.normalize('NFD');
}

/** Names compare ignoring case, surrounding and repeated whitespace (as shared/domain/identity.ts nameKey does). */
const fold = (text: string) => text.toLowerCase().normalize('NFD');
const collapsed = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * The keys under which a display name is compared for look-alikes, as the app compares names: ignoring case.
 * Both the skeleton of the name as written and that of its lower case, each lower-cased: 'Ivan' looks like
 * 'lvan' (a capital I is drawn as a small l), and 'іvan' with a Cyrillic і like 'ivan', which is 'Ivan'
 * ignoring case. Two names look alike when they share a key.
 */
export function lookAlikeKeys(name: string): string[] {
  const key = collapsed(name);
  const asWritten = fold(skeleton(key));
  const lowerCase = fold(skeleton(fold(key)));
  return asWritten === lowerCase ? [asWritten] : [asWritten, lowerCase];
}

/** Whether two display names look alike: equal skeletons, ignoring case (equal names ignoring case included). */
export function looksAlike(a: string, b: string): boolean {
  const keys = new Set(lookAlikeKeys(a));
  return lookAlikeKeys(b).some((key) => keys.has(key));
}
