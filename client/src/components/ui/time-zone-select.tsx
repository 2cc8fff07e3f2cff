import { type SelectHTMLAttributes, useId, useMemo, useState } from 'react';
import { msg, useT } from '@/i18n';
import { browserTimeZone, timeZoneLabel, timeZoneOptions } from '@/lib/time-zones';
import { NativeSelect } from './native-select';
import { SearchInput } from './search-input';

interface TimeZoneSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'children'> {
  value: string;
  onChange: (zone: string) => void;
  /** Zones offered first besides the browser's (UTC for a member's reminders). */
  extra?: readonly string[];
}

/** A group's label: the region of IANA zone names, or Other for a zone without one. */
const REGIONS: Readonly<Record<string, string>> = {
  Africa: msg('Africa'),
  America: msg('America'),
  Antarctica: msg('Antarctica'),
  Arctic: msg('Arctic'),
  Asia: msg('Asia'),
  Atlantic: msg('Atlantic'),
  Australia: msg('Australia'),
  Europe: msg('Europe'),
  Indian: msg('Indian'),
  Pacific: msg('Pacific'),
  Other: msg('Other'),
};

/** 'Europe/Isle_of_Man' -> ['Europe', 'Isle of Man']; 'UTC' -> ['Other', 'UTC']. */
function regionAndPlace(zone: string): [string, string] {
  const label = timeZoneLabel(zone);
  const slash = label.indexOf('/');
  return slash < 0 ? ['Other', label] : [label.slice(0, slash), label.slice(slash + 1).replaceAll('/', ' / ')];
}

/**
 * A time zone from the 400-odd the browser knows: a search over their names narrows a native select (the
 * phone's own picker, full keyboard support), grouped by region, with the browser's zone first. The chosen
 * zone always stays among the options.
 */
export function TimeZoneSelect({ value, onChange, extra = [], ...selectProps }: TimeZoneSelectProps) {
  const t = useT();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const own = browserTimeZone();
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  const needle = query.trim().toLowerCase().replaceAll('_', ' ');
  const matches = (zone: string) => zone === value || needle === '' || timeZoneLabel(zone).toLowerCase().includes(needle);
  const first = [...new Set([...(own ? [own] : []), ...extra])].filter(matches);
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    if (first.includes(zone) || !matches(zone)) continue;
    const [region] = regionAndPlace(zone);
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  const found = needle === '' ? 0 : [...new Set([...first, ...zones])].filter((zone) => timeZoneLabel(zone).toLowerCase().includes(needle)).length;
  return (
    <div className="grid gap-2">
      <SearchInput
        id={searchId}
        aria-label={t('Search time zones')}
        placeholder={t('Search: a city or region')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <NativeSelect {...selectProps} value={value} onChange={(event) => onChange(event.target.value)}>
        {first.length > 0 ? (
          <optgroup label={t('Suggested')}>
            {first.map((zone) => (
              <option key={zone} value={zone}>
                {zone === own ? t('{zone} (this device)', { zone: timeZoneLabel(zone) }) : timeZoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        ) : null}
        {[...groups.entries()].map(([region, list]) => (
          <optgroup key={region} label={REGIONS[region] ? t(REGIONS[region]) : region}>
            {list.map((zone) => (
              <option key={zone} value={zone}>
                {regionAndPlace(zone)[1]}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
      {needle ? (
        <p role="status" className="text-xs text-muted-foreground">
          {found === 0
            ? t('No time zone matches "{query}".', { query: query.trim() })
            : t('{count, plural, one {# time zone matches: choose it below.} other {# time zones match: choose it below.}}', { count: found })}
        </p>
      ) : null}
    </div>
  );
}
