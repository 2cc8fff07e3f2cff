import { callLink, locationText } from './format';

describe('callLink (the Join Call button)', () => {
  it('takes the first https link of a location', () => {
    expect(callLink('Zoom: https://zoom.example.org/j/123 (passcode 4)')).toBe('https://zoom.example.org/j/123');
    expect(callLink('HTTPS://meet.example.org/ruth')).toBe('HTTPS://meet.example.org/ruth');
  });

  it('makes no button of a plain-http link, another scheme, or text that only looks like a link', () => {
    for (const location of [
      'http://meet.example.org/ruth',
      'TBD',
      'Church hall, room 2',
      'xhttps://evil.example.org',
      'https://',
      null,
    ]) {
      expect(callLink(location)).toBeNull();
    }
    // Another scheme around an https address: the button opens only the https address.
    expect(callLink('javascript:alert(1)//https://meet.example.org')).toBe('https://meet.example.org');
  });
});

describe('locationText', () => {
  it('says Location TBD when the commander has not set a place', () => {
    expect(locationText('TBD')).toBe('Location TBD');
    expect(locationText(null)).toBe('Location TBD');
    expect(locationText('Room 2')).toBe('Room 2');
  });
});
