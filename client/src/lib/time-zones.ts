/**
 * Time-zone names as people know them today. ICU (Node 20, and browsers built on older data) still
 * returns some legacy CLDR names: 'Asia/Calcutta' for Asia/Kolkata, 'Europe/Kiev' for Europe/Kyiv.
 * The table maps each known legacy alias to its current IANA name.
 */
export const LEGACY_TIME_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'Africa/Timbuktu': 'Africa/Bamako',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Ensenada': 'America/Tijuana',
  'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Montreal': 'America/Toronto',
  'America/Porto_Acre': 'America/Rio_Branco',
  'America/Rosario': 'America/Argentina/Cordoba',
  'America/Virgin': 'America/St_Thomas',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Chungking': 'Asia/Shanghai',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Harbin': 'Asia/Shanghai',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Asia/Kashgar': 'Asia/Urumqi',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Tel_Aviv': 'Asia/Jerusalem',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Atlantic/Jan_Mayen': 'Arctic/Longyearbyen',
  'Australia/ACT': 'Australia/Sydney',
  'Australia/Canberra': 'Australia/Sydney',
  'Australia/NSW': 'Australia/Sydney',
  'Europe/Belfast': 'Europe/London',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Nicosia': 'Asia/Nicosia',
  'Europe/Tiraspol': 'Europe/Chisinau',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Johnston': 'Pacific/Honolulu',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Yap': 'Pacific/Chuuk',
  'Etc/UCT': 'Etc/UTC',
  'Etc/Universal': 'Etc/UTC',
  'Etc/Zulu': 'Etc/UTC',
};

/** Whether this runtime's Intl accepts the zone (the server validates with the same check). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The current IANA name of `zone`; a legacy alias this runtime cannot format stays as it is. */
export function canonicalTimeZone(zone: string): string {
  const canonical = LEGACY_TIME_ZONES[zone];
  return canonical !== undefined && isKnownTimeZone(canonical) ? canonical : zone;
}

/** Every time zone the browser knows, by current IANA name, sorted, with `current` included even when the list lacks it. */
export function timeZoneOptions(current: string, supported: () => readonly string[] = () => Intl.supportedValuesOf('timeZone')): string[] {
  let zones: readonly string[];
  try {
    zones = supported();
  } catch {
    zones = [];
  }
  const names = [...new Set(zones.map(canonicalTimeZone))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const chosen = canonicalTimeZone(current);
  return names.includes(chosen) ? names : [chosen, ...names];
}

/** 'America/New_York' -> 'America/New York'. */
export const timeZoneLabel = (zone: string) => canonicalTimeZone(zone).replaceAll('_', ' ');

/** The browser's own time zone by its current name, which a new community starts with; undefined when unknown. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? canonicalTimeZone(zone) : undefined;
  } catch {
    return undefined;
  }
}
