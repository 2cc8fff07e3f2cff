import { targetKeysOf } from './disciplines';

describe('targetKeysOf', () => {
  it("finds SPEC's target key under the wizard's, the label's or another spelling", () => {
    expect(targetKeysOf({ key: 'bible_reading', label: 'Scripture' })).toEqual(['bibleReading']);
    expect(targetKeysOf({ key: 'scripture', label: 'Bible Reading' })).toEqual(['bibleReading']);
    expect(targetKeysOf({ key: 'Midnight-Prayer', label: 'Night watch' })).toEqual(['midnightPrayer']);
    expect(targetKeysOf({ key: 'fasting', label: 'Fasting' })).toEqual(['fasting']);
    expect(targetKeysOf({ key: 'évangélisme', label: 'Evangelism' })).toEqual(['evangelism']);
  });

  it('finds none for a discipline no target speaks of', () => {
    expect(targetKeysOf({ key: 'prayer', label: 'Prayer Time' })).toEqual([]);
    expect(targetKeysOf({ key: 'worship', label: 'Worship & Praise' })).toEqual([]);
  });
});
