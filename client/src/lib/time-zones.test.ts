import { browserTimeZone, canonicalTimeZone, isKnownTimeZone, LEGACY_TIME_ZONES, timeZoneLabel, timeZoneOptions } from './time-zones';

describe('time zones', () => {
  it('lists current IANA names, not the legacy aliases ICU returns', () => {
    const zones = timeZoneOptions('Europe/London');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('Europe/Kyiv');
    expect(zones).toContain('America/Argentina/Buenos_Aires');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(zones).not.toContain('Europe/Kiev');
    expect(zones.filter((zone) => zone in LEGACY_TIME_ZONES)).toEqual([]);
    expect(new Set(zones).size).toBe(zones.length);
    expect([...zones].sort()).toEqual(zones);
  });

  it('maps a legacy list without duplicates when both names are returned', () => {
    expect(timeZoneOptions('Asia/Calcutta', () => ['Europe/Kiev', 'Asia/Kolkata', 'Asia/Calcutta', 'UTC'])).toEqual(['Asia/Kolkata', 'Europe/Kyiv', 'UTC']);
  });

  it('keeps a saved zone the list lacks, by its current name, first', () => {
    expect(timeZoneOptions('Asia/Calcutta', () => ['Europe/London'])).toEqual(['Asia/Kolkata', 'Europe/London']);
    expect(timeZoneOptions('Etc/GMT+5', () => ['Europe/London'])).toEqual(['Etc/GMT+5', 'Europe/London']);
  });

  it('falls back to the saved zone when the browser cannot list zones', () => {
    expect(
      timeZoneOptions('Europe/Kiev', () => {
        throw new Error('not supported');
      }),
    ).toEqual(['Europe/Kyiv']);
  });

  it("maps every alias to a name the server's Intl.DateTimeFormat check accepts", () => {
    // The server validates with new Intl.DateTimeFormat on the same Node version these tests run on.
    for (const [legacy, canonical] of Object.entries(LEGACY_TIME_ZONES)) {
      expect.soft(isKnownTimeZone(canonical), `${legacy} -> ${canonical}`).toBe(true);
      expect.soft(canonicalTimeZone(legacy)).toBe(canonical);
    }
  });

  it('leaves current names alone and labels them without underscores', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
    expect(timeZoneLabel('Asia/Saigon')).toBe('Asia/Ho Chi Minh');
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it("gives the browser's own zone by its current name", () => {
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Asia/Calcutta' };
    });
    try {
      expect(browserTimeZone()).toBe('Asia/Kolkata');
    } finally {
      spy.mockRestore();
    }
  });
});
