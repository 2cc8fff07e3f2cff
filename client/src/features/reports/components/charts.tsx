import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { formatNumber, useT } from '@/i18n';

// Only what the two charts use, so the chunk stays small (tree-shaken Chart.js).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

const PRIMARY = '#3b4aa8';
const ACCENT = '#d9911c';
const GRID = '#e5dfd4';
const TEXT = '#585c70';

const percent = (value: number) => formatNumber(value / 100, { style: 'percent' });

const percentAxis = {
  min: 0,
  max: 100,
  ticks: { callback: (value: string | number) => percent(Number(value)), color: TEXT },
  grid: { color: GRID },
} as const;

export interface ChartPoint {
  label: string;
  value: number;
}

/** The longest line of an axis label: a phone's narrow chart gives the names about this much room. */
export const LABEL_LINE_CHARACTERS = 16;

/**
 * A bar's label on at most two lines of LABEL_LINE_CHARACTERS, broken between words, the rest cut with '…'
 * ('Commander Esther Kowalski' is ['Commander Esther', 'Kowalski']): Chart.js cuts a long label at the
 * canvas edge instead ('ommander Esther Kowalski' on a phone). The table beside the chart has every name whole.
 */
export function wrapLabel(label: string, width = LABEL_LINE_CHARACTERS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of label.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const cut = (text: string) => (text.length > width ? `${text.slice(0, width - 1).trimEnd()}…` : text);
  if (lines.length <= 2) return lines.map(cut);
  return [cut(lines[0]!), cut(`${lines[1]} ${lines.slice(2).join(' ')}`)];
}

/**
 * Horizontal percentage bars. The canvas is hidden from assistive technology: the same numbers are in
 * the table beside every chart.
 */
export function PercentBars({ points, height }: { points: readonly ChartPoint[]; height?: number }) {
  return (
    <div aria-hidden="true" style={{ height: height ?? Math.max(160, points.length * 34 + 40) }} className="relative">
      <Bar
        data={{ labels: points.map((point) => wrapLabel(point.label)), datasets: [{ data: points.map((point) => point.value), backgroundColor: PRIMARY, borderRadius: 6, maxBarThickness: 22 }] }}
        options={{
          indexAxis: 'y',
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: false },
            // The tooltip names the whole label, whatever the axis had room for.
            tooltip: { callbacks: { title: (items) => points[items[0]?.dataIndex ?? 0]?.label ?? '', label: (item) => percent(item.parsed.x ?? 0) } },
          },
          scales: { x: percentAxis, y: { ticks: { color: TEXT }, grid: { display: false } } },
        }}
      />
    </div>
  );
}

/** How many members fall in each completion band: a congregation's month in ten columns, whatever its size. */
export function CountColumns({ points }: { points: readonly ChartPoint[] }) {
  const t = useT();
  return (
    <div aria-hidden="true" className="relative h-56">
      <Bar
        data={{ labels: points.map((point) => point.label), datasets: [{ data: points.map((point) => point.value), backgroundColor: PRIMARY, borderRadius: 6, maxBarThickness: 40 }] }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => t('{count, plural, one {# member} other {# members}}', { count: item.parsed.y }) } } },
          scales: {
            y: { beginAtZero: true, ticks: { precision: 0, color: TEXT }, grid: { color: GRID } },
            x: { ticks: { color: TEXT, maxRotation: 0, autoSkip: true }, grid: { display: false } },
          },
        }}
      />
    </div>
  );
}

/** A line of monthly percentages (the member's trend). */
export function PercentLine({ points }: { points: readonly ChartPoint[] }) {
  return (
    <div aria-hidden="true" className="relative h-56">
      <Line
        data={{
          labels: points.map((point) => point.label),
          datasets: [{ data: points.map((point) => point.value), borderColor: ACCENT, backgroundColor: ACCENT, pointRadius: 4, tension: 0.25 }],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => percent(item.parsed.y ?? 0) } } },
          scales: { y: percentAxis, x: { ticks: { color: TEXT, maxRotation: 0, autoSkip: true }, grid: { display: false } } },
        }}
      />
    </div>
  );
}
