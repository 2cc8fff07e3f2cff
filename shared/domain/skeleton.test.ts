import fs from 'node:fs';
import path from 'node:path';
import { CONFUSABLES, CONFUSABLES_VERSION } from './confusables-data';
import { lookAlikeKeys, looksAlike, skeleton } from './skeleton';

describe('skeleton (UTS #39 section 4)', () => {
  it('maps look-alikes from other scripts onto the same skeleton', () => {
    expect(skeleton('Vісtim Mod')).toBe(skeleton('Victim Mod'));
    expect(skeleton('pаypal')).toBe(skeleton('paypal'));
    expect(skeleton('Grасе')).toBe(skeleton('Grace'));
    expect(skeleton('Αlice')).toBe(skeleton('Alice'));
    // Mathematical and other compatibility letters, which NFKC would also fold.
    expect(skeleton('𝔭𝒶ỿ𝕡𝕒ℓ')).toBe('paypal');
  });

  it('follows confusables.txt: a capital I, a digit one and a small l are one shape; m is r and n', () => {
    expect(skeleton('I')).toBe('l');
    expect(skeleton('1')).toBe('l');
    expect(skeleton('0')).toBe('O');
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('Ruth')).toBe('Ruth');
  });

  it('is in NFD before and after mapping, and drops invisible default-ignorable characters', () => {
    expect(skeleton('José')).toBe(skeleton('Jose\u0301'));
    expect(skeleton('José')).toBe('Jose\u0301');
    expect(skeleton('Ru\u200Bth')).toBe('Ruth');
    expect(skeleton('Ru\u00ADth')).toBe('Ruth');
  });

  it('keeps names that only share letters apart', () => {
    expect(skeleton('Ruth')).not.toBe(skeleton('Rufh'));
    expect(skeleton('José')).not.toBe(skeleton('Jose'));
  });
});

describe('looksAlike', () => {
  it('finds look-alikes as names are compared, ignoring case and whitespace', () => {
    expect(looksAlike('Victim Mod', 'Vісtim Mod')).toBe(true);
    expect(looksAlike('paypal', 'pаypal')).toBe(true);
    expect(looksAlike('PayPal', 'pаypal')).toBe(true);
    expect(looksAlike('Ruth  Naomi ', 'ruth naomi')).toBe(true);
    // A capital I is drawn as a small l; a Cyrillic і is a small i, which is a capital I ignoring case.
    expect(looksAlike('Ivan', 'lvan')).toBe(true);
    expect(looksAlike('Ivan', 'іvan')).toBe(true);
    expect(looksAlike('Al', 'AI')).toBe(true);
    expect(looksAlike('Anna', 'Аnna')).toBe(true);
  });

  it('does not confuse different names', () => {
    expect(looksAlike('Ruth', 'Naomi')).toBe(false);
    expect(looksAlike('Ana', 'Ána')).toBe(false);
    expect(looksAlike('Victim Mod', 'Victor Mod')).toBe(false);
    expect(looksAlike('Иван', 'Ivan')).toBe(false);
  });

  it('gives one key, or two when the lower case looks otherwise', () => {
    expect(lookAlikeKeys('ruth')).toEqual(['ruth']);
    expect(lookAlikeKeys('Ivan')).toEqual(['lvan', 'ivan']);
  });
});

describe('the confusables data', () => {
  it('is a generated mapping of some thousands of code points', () => {
    expect(CONFUSABLES_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const lines = CONFUSABLES.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(6000);
    for (const line of lines) expect(line).toMatch(/^[0-9A-F]{1,6}( [0-9A-F]{1,6})+$/);
  });

  it('never reaches the client: no client source imports it or the skeleton', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const importers: string[] = [];
    const visit = (directory: string) => {
      for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
        const file = path.join(directory, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && !/^(skeleton|confusables-data)\./.test(entry.name) && /(confusables-data|domain\/skeleton|'\.\/skeleton)['"]/.test(fs.readFileSync(file, 'utf8'))) {
          importers.push(path.relative(root, file));
        }
      }
    };
    // The client's own code, and the contracts and domain rules it shares with the server.
    for (const directory of ['client/src', 'shared/contracts', 'shared/domain']) visit(path.join(root, directory));
    expect(importers).toEqual([]);
  });
});
