import { initials } from './utils';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ruth of Moab')).toBe('RM');
    expect(initials('ruth')).toBe('R');
    expect(initials('  ')).toBe('?');
  });

  it('skips leading symbols and words without a letter or digit', () => {
    expect(initials('=Eve')).toBe('E');
    expect(initials('=Eve 0')).toBe('E0');
    expect(initials('(Ruth) Naomi')).toBe('RN');
    expect(initials('Ruth -')).toBe('R');
    expect(initials('"José" Müller')).toBe('JM');
    expect(initials('🙏')).toBe('?');
  });
});
