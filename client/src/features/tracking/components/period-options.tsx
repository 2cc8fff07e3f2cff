import { monthName } from '../period';

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** The <option>s of a month picker: January (1) to December (12), in the reader's language. */
export function MonthOptions() {
  return MONTHS.map((month) => (
    <option key={month} value={month}>
      {monthName(month)}
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
