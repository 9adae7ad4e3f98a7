import { said } from '../../i18n/said';
import { type OvenType, ovenModel, ovenModelByCode } from '../oven-models';
import { Builder, finish, knownKeys, Problems } from './build';
import { CanonicalReader } from './canonical-lines';
import { crc32Scan } from './crc32';
import { BINARY_MESSAGE, looksBinary } from './sniff';
import { tokenizeLine } from './text';
import { FORMAT_VERSION, type ParseResult } from './types';
import { validateSettings } from './validate';

export interface ParseOptions {
  /** The oven type the user chose: a file for another model or family is refused. */
  expectedType?: OvenType;
  /** Stop listing problems after this many (default 200). */
  maxErrors?: number;
  /**
   * Read every line with the general reader, never the canonical one. The results are the same either way;
   * tests use this to prove it.
   */
  generalReaderOnly?: boolean;
}

const HEADER = /^HEARTH-([A-Z0-9]+) (\d+)\.(\d+) ([A-Z0-9]+)$/;
const LF = 0x0a;
const CR = 0x0d;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Reads a settings file given as text: the same as `parseSettingsFile` on its UTF-8 bytes, which is what the
 * checksum covers and what the canonical reader scans.
 */
export function parseSettings(input: string, options: ParseOptions = {}): ParseResult {
  if (typeof input !== 'string') return empty();
  return parseSettingsFile(encoder.encode(input), options);
}

/**
 * Reads a settings file as it came off the oven's USB stick. Accepts CRLF and a UTF-8 BOM; never throws;
 * reports every problem with its line, column and the field in plain words. Checks the header, the END line's
 * count and CRC-32, the grammar, and every value against the model's rules.
 */
export function parseSettingsFile(input: Uint8Array, options: ParseOptions = {}): ParseResult {
  try {
    return parse(input, options);
  } catch (error) {
    return {
      ok: false,
      errors: [
        {
          line: 0,
          column: 0,
          field: said('ruleParts.fieldFile'),
          said: said('ruleMessages.fileUnreadable', { error: String(error) }),
        },
      ],
    };
  }
}

function empty(): ParseResult {
  return {
    ok: false,
    errors: [
      { line: 1, column: 1, field: said('ruleParts.fieldFile'), said: said('ruleMessages.fileEmpty') },
    ],
  };
}

/** The bytes without a UTF-8 BOM, and with CRLF line ends turned into LF. */
function normalize(raw: Uint8Array): Uint8Array {
  const bytes = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? raw.subarray(3) : raw;
  if (bytes.indexOf(CR) < 0) return bytes;
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === CR && bytes[i + 1] === LF) continue;
    out[n++] = bytes[i]!;
  }
  return out.subarray(0, n);
}

/** Where the last non-empty line starts (the END line of a whole file), and where it ends. */
function lastLine(units: { length: number }, at: (i: number) => number): { start: number; end: number } {
  let end = units.length;
  while (end > 0 && at(end - 1) === LF) end--;
  let start = end;
  while (start > 0 && at(start - 1) !== LF) start--;
  return { start, end };
}

function parse(raw: Uint8Array, options: ParseOptions): ParseResult {
  const problems = new Problems(options.maxErrors ?? 200);
  const fail = (): ParseResult => ({ ok: false, errors: finish(problems) });
  if (!(raw instanceof Uint8Array) || raw.length === 0) return empty();
  if (looksBinary(raw)) {
    problems.add(1, 1, said('ruleParts.fieldFile'), BINARY_MESSAGE);
    return fail();
  }
  const bytes = normalize(raw);
  const text = decoder.decode(bytes);
  if (text.length === 0) return empty();

  // Header: format, version, model.
  const firstLf = text.indexOf('\n');
  const headerLine = firstLf < 0 ? text : text.slice(0, firstLf);
  const header = HEADER.exec(headerLine);
  if (!header) {
    problems.add(1, 1, said('ruleParts.fieldHeader'), said('ruleMessages.fileNotHearth'));
    return fail();
  }
  const [, family = '', major = '', minor = '', code = ''] = header;
  const model = ovenModelByCode(code);
  if (family !== 'AI2' && family !== 'RCP') {
    problems.add(1, 8, said('ruleParts.fieldFormat'), said('ruleMessages.fileUnknownFamily', { family }));
    return fail();
  }
  if (Number(major) !== FORMAT_VERSION.major) {
    problems.add(
      1,
      9 + family.length - 3,
      said('ruleParts.fieldVersion'),
      said('ruleMessages.fileNewerFormat', {
        version: `${major}.${minor}`,
        ours: `${FORMAT_VERSION.major}.x`,
      }),
    );
    return fail();
  }
  if (!model) {
    problems.add(
      1,
      headerLine.length - code.length + 1,
      said('ruleParts.fieldOvenModel'),
      said('ruleMessages.fileUnknownModel', { code }),
    );
    return fail();
  }
  if (model.family.toUpperCase() !== family) {
    problems.add(
      1,
      1,
      said('ruleParts.fieldFormat'),
      said('ruleMessages.fileFamilyMarked', { model: model.type, family: model.family, marked: family }),
    );
    return fail();
  }
  if (options.expectedType && options.expectedType !== model.type) {
    const expected = ovenModel(options.expectedType);
    problems.add(
      1,
      1,
      said('ruleParts.fieldOvenModel'),
      expected.family === model.family
        ? said('ruleMessages.fileOtherModel', { model: model.type, expected: expected.type })
        : said('ruleMessages.fileOtherFamily', {
            family: model.family,
            model: model.type,
            expected: expected.type,
            expectedFamily: expected.family,
          }),
    );
    return fail();
  }
  const newerMinor = Number(minor) > FORMAT_VERSION.minor;

  // The END line covers the bytes before it: one pass gives their CRC and whether they are all ASCII.
  const endInBytes = lastLine(bytes, (i) => bytes[i]!);
  const body = crc32Scan(bytes.subarray(0, endInBytes.start));
  const endAscii = bytes.subarray(endInBytes.start, endInBytes.end).every((b) => b < 0x80);
  // Only when every byte is ASCII are text positions byte positions, and only then is the canonical reader used.
  const ascii = body.ascii && endAscii;
  const end = ascii ? endInBytes : lastLine(text, (i) => text.charCodeAt(i));
  const endLine = text.slice(end.start, end.end);

  // A line by its number, for the column of a problem found after the line was read (found only then).
  let lineStarts: number[] | undefined;
  const lineText = (n: number) => {
    lineStarts ??= startsOfLines(text);
    const from = lineStarts[n] ?? 0;
    const to = text.indexOf('\n', from);
    return text.slice(from, to < 0 ? text.length : to);
  };
  const builder = new Builder(model, problems, newerMinor, lineText);
  const canonical = ascii && !options.generalReaderOnly;
  const reader = canonical ? new CanonicalReader(bytes, text) : null;
  let line = 2;
  let start = end.start === 0 ? 0 : firstLf + 1;
  while (start < end.start) {
    const stop = text.indexOf('\n', start);
    if (!problems.full && !(reader?.read(builder, start, stop, line) ?? false)) {
      readGeneralLine(builder, text.slice(start, stop), line);
    }
    start = stop + 1;
    line++;
  }
  builder.checkRecipes();
  const linesBeforeEnd = end.start === 0 ? 0 : line - 1;

  if (linesBeforeEnd === 0 || !endLine.startsWith('END')) {
    problems.add(linesBeforeEnd + 1, 1, said('ruleParts.fieldEndLine'), said('ruleMessages.fileEndMissing'));
  } else {
    const endRec = tokenizeLine(endLine);
    const count = endRec.values[endRec.keys.indexOf('lines')];
    const sum = endRec.values[endRec.keys.indexOf('crc32')];
    if (endRec.keyword !== 'END' || endRec.error || !count || !sum) {
      problems.add(linesBeforeEnd + 1, 1, said('ruleParts.fieldEndLine'), said('ruleMessages.fileEndShape'));
    } else if (Number(count) !== linesBeforeEnd) {
      problems.add(
        linesBeforeEnd + 1,
        5,
        said('ruleParts.fieldEndLine'),
        said('ruleMessages.fileLineCount', { count, found: linesBeforeEnd }),
      );
    } else if (sum.toUpperCase() !== body.crc) {
      problems.add(
        linesBeforeEnd + 1,
        endLine.indexOf('crc32=') + 1,
        said('ruleParts.fieldChecksum'),
        said('ruleMessages.fileChecksum'),
      );
    }
  }

  if (!builder.o.oven) {
    problems.add(2, 1, 'OVEN', said('ruleMessages.fileOvenMissing'));
    return fail();
  }
  // Values are always checked; links between records only when every record could be read, so a
  // skipped line does not echo as "no such category" elsewhere.
  validateSettings(builder, problems.list.length === 0);
  if (problems.list.length > 0) return fail();
  return { ok: true, settings: builder.s };
}

/** Where each line starts, by line number (from 1). */
function startsOfLines(text: string): number[] {
  const starts = [0, 0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** Any line, in any layout the grammar allows, with every problem reported. */
function readGeneralLine(builder: Builder, raw: string, line: number): void {
  const { problems } = builder;
  const bad = firstNonAscii(raw);
  if (bad >= 0) {
    problems.add(line, bad + 1, said('ruleParts.fieldText'), said('ruleMessages.fileAscii'));
    return;
  }
  const t = tokenizeLine(raw, knownKeys);
  if (t.error) {
    problems.add(line, t.error.column, t.keyword || said('ruleParts.fieldLine'), t.error.said);
    return;
  }
  // Known keys matched in order cannot repeat; only other lines need the check.
  if (!t.canonical) {
    for (let k = 1; k < t.keys.length; k++) {
      if (t.keys.indexOf(t.keys[k]!) < k)
        problems.add(
          line,
          t.cols[k]!,
          t.keys[k]!,
          said('ruleMessages.fileDuplicateKey', { key: t.keys[k]! }),
        );
    }
  }
  builder.record({
    line,
    keyword: t.keyword,
    canonical: t.canonical,
    keys: t.keys,
    values: t.values,
    cols: t.cols,
  });
}

function firstNonAscii(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return i;
  }
  return -1;
}
