import { maskEmail, nameKey, sameName } from './identity';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('ruth@example.net')).toBe('r•••@example.net');
    expect(maskEmail('r@example.net')).toBe('r•••@example.net');
    expect(maskEmail('  Ruth.Naomi@Church.Example.org ')).toBe('R•••@Church.Example.org');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(maskEmail('😀x@example.net')).toBe('😀•••@example.net');
  });

  it('shows only the mask for text that is no e-mail', () => {
    expect(maskEmail('no-at-sign')).toBe('•••');
    expect(maskEmail('@example.net')).toBe('•••');
    expect(maskEmail('')).toBe('•••');
  });
});

describe('nameKey', () => {
  it('ignores case and surrounding or repeated whitespace', () => {
    expect(nameKey('  Ruth   Naomi\tX ')).toBe('ruth naomi x');
    expect(sameName('Ruth Naomi X', 'ruth  naomi x')).toBe(true);
  });

  it('keeps digits and punctuation', () => {
    expect(sameName('Ruth Naomi X', 'ruth.naomi.x 2')).toBe(false);
    expect(sameName('Ruth Naomi X', 'Ruth Naomi X.')).toBe(false);
  });
});
