import FileUp from 'lucide-react/icons/file-up';
import { useId, useState } from 'react';
import { type CsvPreview, IMPORT_YEAR_MAX, IMPORT_YEAR_MIN, type ImportResult, mapsAName, nameMappingProblem } from '@shared/contracts/imports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { formatList, msg, type Translate, useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useCsvImport, useCsvPreview } from '../api';
import { CsvSourceStep, EncodingNote, NO_CSV } from './csv-source-step';
import { ImportOutcome, importSummary } from './import-outcome';
import { MonthOptions, YearOptions } from '@/features/tracking/components/period-options';

const STEP_TITLES = [msg('Upload or paste a CSV file'), msg('Map the columns'), msg('Choose the month'), msg('Import complete')] as const;
const YEARS = Array.from({ length: IMPORT_YEAR_MAX - IMPORT_YEAR_MIN + 1 }, (_, index) => IMPORT_YEAR_MIN + index);

/** SPEC.md section 9: the import year defaults to the current one, within 2020-2030. */
const defaultYear = () => Math.min(Math.max(new Date().getFullYear(), IMPORT_YEAR_MIN), IMPORT_YEAR_MAX);

/**
 * 'Import from CSV' (DECISIONS.md: reachable from the Members tab): 1 upload or paste, 2 map the columns
 * (a name required: the display name, or first and last names joined into it), 3 the month and year of the
 * daily columns, 4 the outcome with any rows refused, any cells left out and the rows of members already here.
 * Importing the same file again changes nothing, and says so.
 */
export function ImportWizardDialog({ communityId }: { communityId: string }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState(1);
  const [source, setSource] = useState(NO_CSV);
  const csvData = source.text;
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [month, setMonth] = useState('');
  const [year, setYear] = useState(String(defaultYear()));
  const [result, setResult] = useState<ImportResult | null>(null);
  const parse = useCsvPreview(communityId);
  const runImport = useCsvImport(communityId);
  const pending = parse.isPending || runImport.isPending;

  const reset = () => {
    setStep(1);
    setSource(NO_CSV);
    setPreview(null);
    setMapping({});
    setMappingError(null);
    setMonth('');
    setYear(String(defaultYear()));
    setResult(null);
    parse.reset();
    runImport.reset();
  };

  const onOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) reset();
  };

  const submitCsv = () => {
    parse.mutate(csvData, {
      onSuccess: (parsed) => {
        setPreview(parsed);
        setMapping(Object.fromEntries(parsed.headers.map((header) => [header, parsed.suggestedMapping[header] ?? ''])));
        toast({ title: t('CSV Parsed Successfully'), description: t('{count, plural, one {# row found.} other {# rows found.}}', { count: parsed.totalRows }), variant: 'success' });
        setStep(2);
      },
      onError: (error) => toastError(t('CSV Parse Failed'), error, t('Failed to parse CSV data')),
    });
  };

  const confirmMapping = () => {
    const chosen = Object.values(mapping).filter(Boolean);
    if (!mapsAName(chosen)) {
      // No mapped column gives a name: the import could create nobody (the server would answer '0 members imported').
      setMappingError(
        chosen.includes('email')
          ? t(
              'No mapped column can create a member: each new member needs a name. Map the display-name column, or the first- and last-name columns. The e-mail alone only finds members imported before.',
            )
          : t('No mapped column can create a member: each new member needs a name. Map the display-name column, or the first- and last-name columns.'),
      );
      return;
    }
    const bothNames = nameMappingProblem(chosen);
    if (bothNames) {
      setMappingError(bothNames);
      return;
    }
    const repeated = chosen.find((field, index) => chosen.indexOf(field) !== index);
    if (repeated) {
      const label = preview?.fields.find((candidate) => candidate.value === repeated)?.label ?? repeated;
      setMappingError(t('{field} is chosen for more than one column.', { field: label }));
      return;
    }
    setMappingError(null);
    setStep(3);
  };

  const startImport = () => {
    const columnMapping = Object.fromEntries(Object.entries(mapping).filter(([, field]) => field));
    runImport.mutate(
      { csvData, columnMapping, importMonth: Number(month), importYear: Number(year) },
      {
        onSuccess: (outcome) => {
          setResult(outcome);
          toast({ title: t('Import Successful'), description: importSummary(outcome, t), variant: 'success' });
          setStep(4);
        },
        onError: (error) => toastError(t('Import Failed'), error, t('Failed to import CSV data')),
      },
    );
  };

  const footer =
    step === 1 ? (
      <Button onClick={submitCsv} disabled={pending || !csvData.trim()}>
        {parse.isPending ? t('Reading...') : t('Continue')}
      </Button>
    ) : step === 2 ? (
      <>
        <Button variant="outline" onClick={() => setStep(1)}>
          {t('Back')}
        </Button>
        <Button onClick={confirmMapping}>{t('Continue')}</Button>
      </>
    ) : step === 3 ? (
      <>
        <Button variant="outline" disabled={pending} onClick={() => setStep(2)}>
          {t('Back')}
        </Button>
        <Button onClick={startImport} disabled={pending || !month}>
          {runImport.isPending ? t('Importing...') : t('Start Import')}
        </Button>
      </>
    ) : (
      <>
        <Button variant="outline" onClick={reset}>
          {t('Import Another File')}
        </Button>
        <Button onClick={() => onOpenChange(false)}>{t('Done')}</Button>
      </>
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileUp aria-hidden="true" />
          {t('Import from CSV')}
        </Button>
      </DialogTrigger>
      <ScrollingDialogContent
        className="max-w-3xl"
        header={
          <DialogHeader>
            <DialogTitle>{t('Import from CSV')}</DialogTitle>
            <DialogDescription>
              {t('Step {step} of {count}: {title}', { step, count: STEP_TITLES.length, title: t(STEP_TITLES[step - 1]!) })}
            </DialogDescription>
          </DialogHeader>
        }
        footer={footer}
      >
        {step === 1 ? <CsvSourceStep id={id} source={source} onChange={setSource} /> : null}

        {step === 2 && preview ? (
          <div className="grid gap-4">
            <EncodingNote encoding={source.encoding} />
            <p className="text-sm text-muted-foreground">
              {t(
                '{count, plural, one {# row.} other {# rows.}} Choose where each column goes; columns left on “Ignore” are not imported. A name is required: the display name, or the first and last names (joined into one).',
                { count: preview.totalRows },
              )}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              {preview.headers.map((header, index) => (
                <FormField key={header} id={`${id}-map-${index}`} label={header} hint={sampleOf(preview, header, t)}>
                  <NativeSelect
                    id={`${id}-map-${index}`}
                    aria-describedby={`${id}-map-${index}-hint`}
                    value={mapping[header] ?? ''}
                    onChange={(event) => setMapping((current) => ({ ...current, [header]: event.target.value }))}
                  >
                    <option value="">{t('Ignore')}</option>
                    {preview.fields.map((field) => (
                      <option key={field.value} value={field.value}>
                        {field.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
              ))}
            </div>
            <JoinedNames preview={preview} mapping={mapping} />
            {mappingError ? <ErrorNote message={mappingError} /> : null}
          </div>
        ) : null}

        {step === 3 ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <p className="text-sm text-muted-foreground sm:col-span-2">{t('The month the daily columns belong to. Targets are saved for the same month.')}</p>
            <FormField id={`${id}-month`} label={t('Month')}>
              <NativeSelect id={`${id}-month`} value={month} onChange={(event) => setMonth(event.target.value)}>
                <option value="">{t('Choose a month')}</option>
                <MonthOptions />
              </NativeSelect>
            </FormField>
            <FormField id={`${id}-year`} label={t('Year')}>
              <NativeSelect id={`${id}-year`} value={year} onChange={(event) => setYear(event.target.value)}>
                <YearOptions years={YEARS} />
              </NativeSelect>
            </FormField>
          </div>
        ) : null}

        {step === 4 && result ? <ImportOutcome id={id} result={result} /> : null}
      </ScrollingDialogContent>
    </Dialog>
  );
}

/**
 * How the first rows' names read when first- and last-name columns are mapped (joined with one space, as
 * the import does), so the moderator sees the parts are the right way round before going on.
 */
function JoinedNames({ preview, mapping }: { preview: CsvPreview; mapping: Record<string, string> }) {
  const t = useT();
  const columnOf = (field: string) => preview.headers.find((header) => mapping[header] === field);
  const first = columnOf('firstName');
  const last = columnOf('lastName');
  if ((!first && !last) || columnOf('displayName')) return null;
  const names = preview.preview
    .map((row) => [first, last].map((header) => (header ? (row[header] ?? '') : '')).join(' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, 2);
  const columns = formatList([first, last].filter(Boolean).map((header) => `“${header}”`));
  return (
    <p className="text-sm text-muted-foreground break-words">
      {names.length
        ? t('Names are built from {columns}: {names}.', { columns, names: formatList(names.map((name) => `“${name}”`), { style: 'short', type: 'unit' }) })
        : t('Names are built from {columns}.', { columns })}
    </p>
  );
}

/** A column's first values, so the moderator recognises it while mapping. */
function sampleOf(preview: CsvPreview, header: string, t: Translate): string {
  const values = preview.preview.map((row) => row[header]?.trim()).filter(Boolean);
  return values.length ? t('e.g. {values}', { values: values.slice(0, 2).join(' · ') }) : t('Empty in the first rows');
}
