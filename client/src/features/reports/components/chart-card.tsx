import ChartColumn from 'lucide-react/icons/chart-column';
import Table2 from 'lucide-react/icons/table-2';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';

/**
 * A chart with its numbers as a table. The table is always in the page for screen readers (visually
 * hidden while the chart shows); 'Table' shows it to everyone instead of the chart. `note` is a further sentence
 * after the description (what the figures leave out).
 */
export function ChartCard({
  title,
  description,
  note,
  chart,
  table,
  empty,
}: {
  title: string;
  description: string;
  note?: string | null;
  chart: ReactNode;
  table: ReactNode;
  empty?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>
            {description}
            {note ? ` ${note}` : null}
          </CardDescription>
        </div>
        {empty ? null : (
          <div role="group" aria-label={t('Show {title} as', { title })} className="flex shrink-0 gap-1 rounded-lg bg-muted p-1">
            <Button size="sm" variant={view === 'chart' ? 'default' : 'ghost'} className="min-h-9" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
              <ChartColumn aria-hidden="true" />
              {t('Chart')}
            </Button>
            <Button size="sm" variant={view === 'table' ? 'default' : 'ghost'} className="min-h-9" aria-pressed={view === 'table'} onClick={() => setView('table')}>
              <Table2 aria-hidden="true" />
              {t('Table')}
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {empty ?? (
          <>
            {view === 'chart' ? chart : null}
            <div className={cn(view === 'chart' && 'sr-only')}>{table}</div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A plain data table: a caption for screen readers, a header row, and horizontal scrolling of its own when wide. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="max-w-full overflow-x-auto rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={cn('whitespace-nowrap py-2 pr-4 font-medium', index > 0 && 'text-right')}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-border last:border-0">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="py-2 pr-4 font-medium">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="whitespace-nowrap py-2 pr-4 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
