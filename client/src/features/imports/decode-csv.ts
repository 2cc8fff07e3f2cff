import { msg } from '@/i18n';

/** The encodings a CSV file is read in (DECISIONS.md "Imported members and claiming"). */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

/**
 * A CSV file's bytes as text: UTF-8 when they are valid UTF-8 (a leading byte-order mark dropped), else
 * Windows-1252, which Excel on Windows writes for "CSV" and which any byte sequence decodes as.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): DecodedCsv {
  try {
    // The decoder drops one leading BOM itself (ignoreBOM is false).
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** What the wizard says about a file it did not read as UTF-8 (a message, shown with t()); nothing for UTF-8. */
export function encodingNote(encoding: CsvEncoding | null): string | null {
  return encoding === 'windows-1252' ? msg('Read as Windows-1252 (the file was not UTF-8).') : null;
}
