import { MONTH_NAMES } from '../period';

/** The <option>s of a month picker: January (1) to December (12). */
export function MonthOptions() {
  return MONTH_NAMES.map((name, index) => (
    <option key={name} value={index + 1}>
      {name}
    </option>
  ));
}

/** The <option>s of a year picker. */
export function YearOptions({ years }: { years: readonly number[] }) {
  return years.map((year) => (
    <option key={year} value={year}>
      {year}
    </option>
  ));
}
