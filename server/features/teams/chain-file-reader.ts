/**
 * A chain's file read as rows of text cells, whichever a spreadsheet wrote: CSV (UTF-8 with or without a BOM, `,`
 * or `;` between cells, quoted cells holding commas, quotes and line breaks) through csv-parse, read as it arrives;
 * or XLSX (a zip, whose index is at its end, so it is taken whole within the size limit) through read-excel-file.
 */
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import {
  CHAIN_FILE_BYTES_MAX,
  CHAIN_FILE_CELL_MAX,
  type RowProblem,
} from '../../../shared/domain/chain-files';
import { said } from '../../../shared/i18n/said';
import { PayloadTooLargeError } from '../../lib/errors';

/** A row as the file numbers it (the header is row 1) and its cells. */
export interface FileRow {
  row: number;
  cells: string[];
}

/** The file cannot be read as rows at all: why, and where. */
export class UnreadableFileError extends Error {
  constructor(readonly problem: RowProblem) {
    super('unreadable chain file');
  }
}

/** What a workbook may unpack to: 10,000 rows' sheet XML and its shared strings are a few MB. */
const XLSX_UNPACKED_MAX = 64 * 1024 * 1024;
const ZIP_START = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_START.every((b, i) => bytes[i] === b);

/** `,` or `;`: whichever the header line holds more of outside quotes (Excel in Spain and Germany writes `;`). */
export function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** A file past the size limit (413), said alike by the reader and the upload's limit. */
export const tooLarge = () =>
  new PayloadTooLargeError(said('ruleMessages.importTooLarge', { size: CHAIN_FILE_BYTES_MAX / 1048576 }));

/** A spreadsheet cell as text: numbers as written, dates as days, true/false as words. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/**
 * The file's rows, in order, each with its row number; rows with no text in any cell are passed over (their
 * numbers are not reused). `bytes` is the upload as it arrives; more than the size limit is refused (413).
 */
export async function* readRows(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<FileRow> {
  const source = bytes[Symbol.asyncIterator]();
  const first = await source.next();
  if (first.done) return;
  let size = first.value.byteLength;
  const rest = async function* () {
    for (let next = await source.next(); !next.done; next = await source.next()) {
      size += next.value.byteLength;
      if (size > CHAIN_FILE_BYTES_MAX) throw tooLarge();
      yield next.value;
    }
  };

  if (isZip(first.value)) {
    const parts: Uint8Array[] = [first.value];
    for await (const part of rest()) parts.push(part);
    const zip = Buffer.concat(parts);
    // A workbook that unpacks to far more than its rows could need is a zip bomb, refused before it is unpacked
    // (the sizes its index declares; a spreadsheet program writes them true).
    let unpacked = 0;
    try {
      unzipSync(zip, {
        filter: (entry) => {
          unpacked += entry.originalSize;
          return false;
        },
      });
    } catch {
      throw new UnreadableFileError({
        row: 1,
        column: null,
        said: said('ruleMessages.importNotSpreadsheet'),
      });
    }
    if (unpacked > XLSX_UNPACKED_MAX) throw tooLarge();
    let sheet: unknown[][];
    try {
      sheet = (await readSheet(zip)) as unknown[][];
    } catch {
      throw new UnreadableFileError({
        row: 1,
        column: null,
        said: said('ruleMessages.importNotSpreadsheet'),
      });
    }
    for (const [i, cells] of sheet.entries()) {
      const text = cells.map(cellText);
      if (text.some((c) => c.trim() !== '')) yield { row: i + 1, cells: text };
    }
    return;
  }

  // Decoded strictly as it arrives: a file saved as "CSV" in an older Excel is Windows-1252, whose accents would
  // otherwise become "�" in every name.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (part: Uint8Array, stream: boolean) => {
    try {
      return decoder.decode(part, { stream });
    } catch {
      throw new UnreadableFileError({ row: 1, column: null, said: said('ruleMessages.importNotUtf8') });
    }
  };
  const head = decode(first.value, true);
  const parser = parse({
    delimiter: separatorOf(head.replace(/^\uFEFF/, '')),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: CHAIN_FILE_CELL_MAX * 16,
  });
  const text = async function* () {
    yield head;
    for await (const part of rest()) yield decode(part, true);
    yield decode(new Uint8Array(), false);
  };
  const input = Readable.from(text(), { objectMode: false });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (cells.some((c) => c.trim() !== '')) yield { row, cells };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // The row the parser was in: the records it finished, plus this one (the stream may not have handed us all).
      const at = Math.max(row, Number((error as { records?: number }).records ?? 0)) + 1;
      throw new UnreadableFileError({
        row: at,
        column: null,
        said: said(
          error.code === 'CSV_MAX_RECORD_SIZE'
            ? 'ruleMessages.importRowTooLong'
            : 'ruleMessages.importQuotes',
          { row: at },
        ),
      });
    }
    throw error;
  } finally {
    input.destroy();
  }
}
