import { endOfQuietHours } from './quiet-hours';

describe('endOfQuietHours', () => {
  const at = (iso: string) => new Date(iso);

  it('lets everything through without quiet hours, and outside them', () => {
    expect(endOfQuietHours(at('2026-11-25T12:00:00Z'), 'UTC', null)).toEqual(at('2026-11-25T12:00:00Z'));
    expect(endOfQuietHours(at('2026-11-25T12:00:00Z'), 'UTC', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-25T12:00:00Z'));
    expect(endOfQuietHours(at('2026-11-25T07:00:00Z'), 'UTC', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-25T07:00:00Z'));
  });

  it('holds back until the end of a window across midnight, before and after midnight', () => {
    expect(endOfQuietHours(at('2026-11-25T23:30:00Z'), 'UTC', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-26T07:00:00Z'));
    expect(endOfQuietHours(at('2026-11-26T03:00:00Z'), 'UTC', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-26T07:00:00Z'));
    expect(endOfQuietHours(at('2026-11-25T22:00:00Z'), 'UTC', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-26T07:00:00Z'));
  });

  it('holds back until the end of a window within one day', () => {
    expect(endOfQuietHours(at('2026-11-25T13:15:00Z'), 'UTC', { start: '13:00', end: '14:30' })).toEqual(at('2026-11-25T14:30:00Z'));
  });

  it('reads the window in the person’s zone', () => {
    // 23:30 in New York (UTC-5 in November) is 04:30 UTC the next day; the window ends at 07:00 New York time.
    expect(endOfQuietHours(at('2026-11-26T04:30:00Z'), 'America/New_York', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-26T12:00:00Z'));
    // 12:00 UTC is 07:00 in New York: outside.
    expect(endOfQuietHours(at('2026-11-26T12:00:00Z'), 'America/New_York', { start: '22:00', end: '07:00' })).toEqual(at('2026-11-26T12:00:00Z'));
  });
});
