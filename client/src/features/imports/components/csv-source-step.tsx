import Languages from 'lucide-react/icons/languages';
import Upload from 'lucide-react/icons/upload';
import type { ChangeEvent } from 'react';
import { CSV_MAX_CHARACTERS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '@shared/contracts/imports';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { formatNumber, useT } from '@/i18n';
import { type CsvEncoding, decodeCsv, encodingNote } from '../decode-csv';

/** The CSV the wizard imports: pasted text, or a chosen file's text with the encoding it was read in. */
export interface CsvSource {
  text: string;
  fileName: string | null;
  encoding: CsvEncoding | null;
}

export const NO_CSV: CsvSource = { text: '', fileName: null, encoding: null };

/** Step 1 of 'Import from CSV': choose a file (read as UTF-8, else as Windows-1252) or paste the CSV text. */
export function CsvSourceStep({ id, source, onChange }: { id: string; source: CsvSource; onChange: (source: CsvSource) => void }) {
  const t = useT();
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > CSV_MAX_CHARACTERS * 2) {
      toast({ title: t('CSV Parse Failed'), description: t('The file is too large: at most 2 MB of CSV.'), variant: 'destructive' });
      return;
    }
    const { text, encoding } = decodeCsv(await file.arrayBuffer());
    onChange({ text, fileName: file.name, encoding });
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {t(
          'One row per member, with an e-mail or name column. Columns for targets and for each day of a month are optional. At most {rows} rows and {columns} columns. Imported members sign up and claim their history.',
          { rows: formatNumber(IMPORT_MAX_ROWS), columns: formatNumber(IMPORT_MAX_COLUMNS) },
        )}
      </p>
      <div className="grid gap-2">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {t('CSV file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void readFile(event)}
          className="min-w-0 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-input file:bg-card file:px-4 file:font-medium"
        />
        {source.fileName ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Upload className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{t('{fileName} is ready.', { fileName: source.fileName })}</span>
          </p>
        ) : null}
        <EncodingNote encoding={source.encoding} />
      </div>
      <FormField id={`${id}-paste`} label={t('Or paste the CSV text')}>
        <Textarea
          id={`${id}-paste`}
          rows={8}
          value={source.text}
          onChange={(event) => onChange({ text: event.target.value, fileName: null, encoding: null })}
          className="font-mono text-xs"
          placeholder={'Name,Email,Bible Reading 1,Bible Reading 2\nRuth Moab,ruth@example.org,Yes,Partially'}
        />
      </FormField>
    </div>
  );
}

/** Which encoding a file was read in, when it was not UTF-8 (so the moderator checks its accented letters). */
export function EncodingNote({ encoding }: { encoding: CsvEncoding | null }) {
  const t = useT();
  const note = encodingNote(encoding);
  if (!note) return null;
  return (
    <p className="flex items-start gap-2 rounded-xl border border-primary-100 bg-primary-50 px-4 py-3 text-sm text-primary-800">
      <Languages className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {t(note)} {t('Check that names with accents read correctly.')}
      </span>
    </p>
  );
}
