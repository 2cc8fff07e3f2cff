import { mixesScriptsAcceptably, restrictionLevel } from './mixed-scripts';

// Real names as people write them, in one script (or Latin with one other, or Japanese): all accepted.
const ONE_SCRIPT: Record<string, string[]> = {
  Latin: ['Ruth Naomi', 'José Müller', 'Zoë Renée Ø', 'Nguyễn Văn An', 'Łukasz Żółć', 'Çağrı Öztürk', 'Siobhán Ní Dhuibhir', "O'Brien-Smith Jr.", 'Ǆemal', 'Ɐlice'],
  Cyrillic: ['Иван Петров', 'Олександр Шевченко', 'Ђорђе Јовановић'],
  Greek: ['Γιάννης Παπαδόπουλος', 'Ελένη'],
  Korean: ['김민준', '이 서연'],
  Arabic: ['محمد علي', 'فاطمة الزهراء'],
  Hebrew: ['דוד כהן', 'שרה'],
  Devanagari: ['अर्जुन शर्मा', 'प्रिया'],
  Bengali: ['রবীন্দ্রনাথ ঠাকুর'],
  Tamil: ['முருகன்'],
  Thai: ['สมชาย ใจดี'],
  Armenian: ['Արամ Խաչատրյան'],
  Georgian: ['ნინო ბერიძე'],
  Amharic: ['አበበ ቢቂላ'],
  Chinese: ['王小明', '陳大文', '張偉'],
  Japanese: ['山田太郎', 'やまだ たろう', 'ヤマダ タロウ', '山田たろう', '佐藤 ユキ', 'すずき・ハナコ'],
  'Chinese with Bopomofo': ['ㄅㄆ陳'],
  Cherokee: ['ᏣᎳᎩ'],
  'no letters': ['2026', '🙏', '— ✝ —'],
  'Latin with one other': ['Kim 민준', 'Min-jun 김', 'Tanaka 田中', 'Yamada たろう', '陳大文 Chan', 'Ali علي', 'David דוד', 'Arjun अर्जुन', 'Somchai สมชาย'],
};

// Look-alikes and names mixing scripts beyond the moderately restrictive level: all refused.
const MIXED = [
  'Vісtim Mod', // Latin with Cyrillic і and с
  'pаypal', // Latin with a Cyrillic а
  'Grасе', // Latin with Cyrillic а, с, е
  'Αlice', // a Greek capital Alpha
  'Aliceα',
  'Ivan Иван', // Latin beside Cyrillic, even as two words
  'Иван Ivan',
  'Alpha Αλφα',
  'Рeter', // a Cyrillic Р
  'Abc ᏣᎳᎩ', // Latin with Cherokee (not a Recommended script)
  'דוד محمد', // Hebrew with Arabic
  'Ali علي Иван', // three scripts
  '김 Иван', // Hangul with Cyrillic
  'Kim 민준 Ян', // Latin, Hangul and Cyrillic
];

describe('restrictionLevel (UTS #39 5.2)', () => {
  it.each(Object.entries(ONE_SCRIPT))('accepts names in one script: %s', (_script, names) => {
    for (const name of names) expect(mixesScriptsAcceptably(name.normalize('NFKC')), name).toBe(true);
  });

  it.each(MIXED)('refuses %s', (name) => {
    expect(restrictionLevel(name.normalize('NFKC'))).toBe('minimally-restrictive');
    expect(mixesScriptsAcceptably(name.normalize('NFKC'))).toBe(false);
  });

  it('tells the levels apart', () => {
    expect(restrictionLevel('Victim Mod')).toBe('ascii-only');
    expect(restrictionLevel('')).toBe('ascii-only');
    expect(restrictionLevel('José')).toBe('single-script');
    expect(restrictionLevel('Иван')).toBe('single-script');
    expect(restrictionLevel('🙏✝')).toBe('single-script');
    // Han with kana is Japanese, Han with Hangul Korean, Han with Bopomofo Hanb (UTS #39 5.1): one script each.
    expect(restrictionLevel('山田たろう')).toBe('single-script');
    expect(restrictionLevel('金민준')).toBe('single-script');
    expect(restrictionLevel('ㄅ陳')).toBe('single-script');
    // Latin with one of those systems: highly restrictive.
    expect(restrictionLevel('Kim 민준')).toBe('highly-restrictive');
    expect(restrictionLevel('Yamada 山田たろう')).toBe('highly-restrictive');
    expect(restrictionLevel('Chen 陳ㄅ')).toBe('highly-restrictive');
    // Latin with one other Recommended script but Cyrillic and Greek: moderately restrictive.
    expect(restrictionLevel('Ali علي')).toBe('moderately-restrictive');
    expect(restrictionLevel('Fellowship جماعة النعمة')).toBe('moderately-restrictive');
    expect(restrictionLevel('Vісtim')).toBe('minimally-restrictive');
    // Kana with Hangul is no writing system: two scripts.
    expect(restrictionLevel('たろう민준')).toBe('minimally-restrictive');
  });

  it('reads scripts from Script_Extensions, not Script: a sign shared by some scripts belongs to those only', () => {
    // U+30FC (prolonged sound mark) is Hiragana and Katakana; U+0640 (tatweel) Arabic, Syriac and others.
    expect(restrictionLevel('ラーメン')).toBe('single-script');
    expect(restrictionLevel('عـلي')).toBe('single-script');
    // U+060C (Arabic comma) has Script Common but is used only in Arabic, Syriac, Thaana and a few more:
    // beside Arabic it is nothing new, beside Cyrillic it is a second script.
    expect(restrictionLevel('محمد، علي')).toBe('single-script');
    expect(restrictionLevel('Ali، علي')).toBe('moderately-restrictive');
    expect(restrictionLevel('Иван، Петров')).toBe('minimally-restrictive');
  });
});
