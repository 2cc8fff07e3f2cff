import BatteryLow from 'lucide-react/icons/battery-low';
import Check from 'lucide-react/icons/check';
import Contrast from 'lucide-react/icons/contrast';
import Eraser from 'lucide-react/icons/eraser';
import Thermometer from 'lucide-react/icons/thermometer';
import X from 'lucide-react/icons/x';
import { DAY_STATUS_LABELS, DAY_STATUSES, type DayStatus } from '@shared/domain/constants';
import { msg } from '@/i18n';

export interface StatusMeta {
  /** Words for the status, as a screen reader and the legend say it (a message: shown with t()). */
  label: string;
  /** What the calendar cell shows beside its colour, so colour is never the only signal (a message, or '' for none). */
  letter: string;
  icon: typeof Check;
  /** Cell and swatch colours. */
  className: string;
}

/** The six day statuses of SPEC.md section 4, in the order every picker offers them. */
export const STATUS_ORDER: readonly DayStatus[] = DAY_STATUSES;

export const STATUS_META: Record<DayStatus, StatusMeta> = {
  Yes: { label: DAY_STATUS_LABELS.Yes, letter: msg('Y'), icon: Check, className: 'border-success bg-success text-success-foreground' },
  No: { label: DAY_STATUS_LABELS.No, letter: msg('N'), icon: X, className: 'border-destructive/40 bg-destructive-50 text-destructive' },
  Partially: { label: DAY_STATUS_LABELS.Partially, letter: msg('P'), icon: Contrast, className: 'border-accent-300 bg-accent-100 text-accent-700' },
  Sick: { label: DAY_STATUS_LABELS.Sick, letter: msg('S'), icon: Thermometer, className: 'border-violet-300 bg-violet-100 text-violet-800' },
  FeelingTired: { label: DAY_STATUS_LABELS.FeelingTired, letter: msg('T'), icon: BatteryLow, className: 'border-sky-300 bg-sky-100 text-sky-800' },
  Blank: { label: DAY_STATUS_LABELS.Blank, letter: '', icon: Eraser, className: 'border-border bg-card text-muted-foreground' },
};

/** The status of a discipline on a day; Blank when nothing is recorded. */
export function statusOf(dayStatus: Record<string, Record<string, DayStatus>> | undefined, key: string, day: number): DayStatus {
  return dayStatus?.[key]?.[String(day)] ?? 'Blank';
}

/** The label of the control that sets a status ('Clear' for Blank). */
export const actionLabel = (status: DayStatus) => (status === 'Blank' ? msg('Clear') : STATUS_META[status].label);
