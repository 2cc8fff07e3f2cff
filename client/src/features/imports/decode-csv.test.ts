import { decodeCsv, encodingNote } from './decode-csv';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

describe('decodeCsv', () => {
  it('reads valid UTF-8 as UTF-8 and drops a byte-order mark', () => {
    const renee = new TextEncoder().encode('Name\r\nRenée,Zoë ✓\r\n');
    expect(decodeCsv(renee)).toEqual({ text: 'Name\r\nRenée,Zoë ✓\r\n', encoding: 'utf-8' });
    expect(decodeCsv(bytes(0xef, 0xbb, 0xbf, ...ascii('Name')))).toEqual({ text: 'Name', encoding: 'utf-8' });
    expect(decodeCsv(bytes())).toEqual({ text: '', encoding: 'utf-8' });
  });

  it('reads bytes that are not UTF-8 as Windows-1252', () => {
    // Bytes 0x80-0x9F (€, curly quotes) are left out: Node 20's decoder reads them as Latin-1, browsers do not.
    expect(decodeCsv(bytes(...ascii('Ren'), 0xe9, ...ascii('e,'), 0xa3, ...ascii('5,Zo'), 0xeb))).toEqual({ text: 'Renée,£5,Zoë', encoding: 'windows-1252' });
    expect(decodeCsv(bytes(...ascii('Ren'), 0xe9, ...ascii('e')).buffer)).toEqual({ text: 'Renée', encoding: 'windows-1252' });
  });

  it('has a note for Windows-1252 only', () => {
    expect(encodingNote('windows-1252')).toBe('Read as Windows-1252 (the file was not UTF-8).');
    expect(encodingNote('utf-8')).toBeNull();
    expect(encodingNote(null)).toBeNull();
  });
});
