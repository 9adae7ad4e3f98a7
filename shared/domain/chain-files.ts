/**
 * A chain in files: the columns of the locations, ovens and members files a head office keeps in its spreadsheets,
 * how a header row and a cell are read, and how a cell is written so no spreadsheet runs it. The server reads and
 * writes the files with these; the Import page shows the same columns and example.
 */
import { listOf, type Said, said } from '../i18n/said';
import { LOCATION_LIMIT } from './fleet';
import { OVEN_MODELS, type OvenType } from './oven-models';
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamAction, type TeamRole } from './permissions';

export const CHAIN_FILE_KINDS = ['locations', 'ovens', 'members'] as const;
export type ChainFileKind = (typeof CHAIN_FILE_KINDS)[number];

/** The action each kind's import and export is (owners and managers); the server refuses and the client hides by it. */
export const CHAIN_FILE_ACTIONS = {
  locations: 'locations.manage',
  ovens: 'ovens.manage',
  members: 'team.members',
} as const satisfies Record<ChainFileKind, TeamAction>;

/** Each kind's columns, in the order an export writes them; an import finds them by header in any order. */
export const CHAIN_FILE_COLUMNS = {
  locations: ['name', 'address'],
  ovens: ['name', 'model', 'location'],
  members: ['email', 'role', 'locations'],
} as const satisfies Record<ChainFileKind, readonly string[]>;
export type ChainFileColumn<K extends ChainFileKind = ChainFileKind> = (typeof CHAIN_FILE_COLUMNS)[K][number];

/** Columns a row may leave empty (every other one is needed on every row). */
export const OPTIONAL_COLUMNS: ReadonlySet<string> = new Set(['address', 'location', 'locations']);

/** The most rows (besides the header) one file may bring: a whole chain's stores, ovens or people. */
export const CHAIN_FILE_ROWS_MAX: Record<ChainFileKind, number> = {
  locations: LOCATION_LIMIT,
  ovens: 10_000,
  members: 3_000,
};
/** A file's size limit: 10,000 ovens' rows are about 600 KB as CSV; an XLSX of them less. */
export const CHAIN_FILE_BYTES_MAX = 8 * 1024 * 1024;
/** The longest cell read: a longer one is a broken quote or not a chain's file. */
export const CHAIN_FILE_CELL_MAX = 4096;
/** How a member's locations are separated in their cell. */
export const LOCATION_LIST_SEPARATOR = ';';

/** What is wrong with a file: its row (the header is row 1, as a spreadsheet numbers them) and column. */
export interface RowProblem {
  row: number;
  /** The column's header as the file has it (or Hearth's name for a missing one); null for the row or file. */
  column: string | null;
  said: Said;
}

/** A header cell as it is compared: a byte-order mark, spaces and case aside. */
export const headerKey = (cell: string): string =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/**
 * Where each of the kind's columns is in a header row, or the problems that stop the file being read: a column
 * missing, one Hearth does not read (a misspelt "adress" would otherwise be dropped without a word), or one twice.
 */
export function readHeader<K extends ChainFileKind>(
  kind: K,
  cells: readonly string[],
): { at: Record<ChainFileColumn<K>, number>; problems: RowProblem[] } {
  const wanted = CHAIN_FILE_COLUMNS[kind] as readonly string[];
  const at: Record<string, number> = {};
  const problems: RowProblem[] = [];
  cells.forEach((cell, i) => {
    const key = headerKey(cell);
    if (key === '') return;
    if (!wanted.includes(key))
      problems.push({
        row: 1,
        column: cell.trim(),
        said: said('ruleMessages.importUnknownColumn', { column: cell.trim(), columns: listOf(wanted) }),
      });
    else if (at[key] !== undefined)
      problems.push({
        row: 1,
        column: cell.trim(),
        said: said('ruleMessages.importColumnTwice', { column: key }),
      });
    else at[key] = i;
  });
  for (const column of wanted)
    if (at[column] === undefined)
      problems.push({ row: 1, column, said: said('ruleMessages.importColumnMissing', { column }) });
  return { at: at as Record<ChainFileColumn<K>, number>, problems };
}

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP, CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell written to a file: one a spreadsheet would run as a formula gets a leading apostrophe, which it shows. */
export const inertCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** A cell read from a file: an exported formula-like cell's apostrophe is taken off, so export then import changes nothing. */
export const cellFromFile = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** The folded form names are matched by, as the database's unique index of location names compares them. */
export const nameMatchKey = (name: string): string => name.trim().normalize('NFKC').toLowerCase();

/**
 * Every way a head office may write a model: its name as Hearth lists it ("Conveyor 2600/2000/1400"), one size of
 * it ("Conveyor 2600", "Matchbox M360 14", "Double MiLO"), its family where only one model has it ("Shuttle"), or
 * its code ("MB", "M360").
 */
function modelAliases(): Map<string, OvenType> {
  const names = new Map<string, OvenType>();
  const families = new Map<string, OvenType[]>();
  for (const m of OVEN_MODELS) {
    const [first, ...others] = m.type.split('/');
    const prefix = first!.includes(' ') ? first!.slice(0, first!.lastIndexOf(' ')) : '';
    const sizes = [first!, ...others.map((o) => (o.includes(' ') || !prefix ? o : `${prefix} ${o}`))];
    for (const name of [m.type, m.code, ...sizes]) names.set(name.toLowerCase(), m.type);
    for (const word of m.type.split(/[ /]/))
      if (/^[A-Za-z]/.test(word) && word.length > 2)
        families.set(word, [...(families.get(word) ?? []), m.type]);
  }
  for (const [word, types] of families) {
    const one = new Set(types);
    if (one.size === 1 && !names.has(word.toLowerCase())) names.set(word.toLowerCase(), types[0]!);
  }
  return names;
}
const modelNames = modelAliases();
/** A model cell: a model's name, one of its sizes, its family if unique, or its code; case and spaces aside. */
export const modelFromCell = (cell: string): OvenType | null =>
  modelNames.get(cell.trim().replace(/\s+/g, ' ').toLowerCase()) ?? null;

const roleNames = new Map<string, TeamRole>(
  TEAM_ROLES.flatMap((r) => [
    [r, r],
    [TEAM_ROLE_LABELS[r].toLowerCase(), r],
  ]),
);
/** A role cell: `owner`, `manager`, `store` (or "Store manager") or `crew`, case aside. */
export const roleFromCell = (cell: string): TeamRole | null =>
  roleNames.get(cell.trim().toLowerCase()) ?? null;

/** A member's locations cell: names separated by `;`, each once, empty parts aside. */
export function locationNames(cell: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of cell.split(LOCATION_LIST_SEPARATOR)) {
    const name = part.trim();
    if (name === '' || seen.has(nameMatchKey(name))) continue;
    seen.add(nameMatchKey(name));
    names.push(name);
  }
  return names;
}

/** What an import does with the file's rows: how many it creates, changes and leaves as they are. */
export interface ImportCounts {
  rows: number;
  create: number;
  update: number;
  unchanged: number;
}

/** An example file for the Import page: the header and two rows showing each column's form. */
export const EXAMPLE_ROWS: Record<ChainFileKind, readonly (readonly string[])[]> = {
  locations: [
    ['Downtown', '12 Main Street, Springfield'],
    ['Airport', 'Terminal 2, Gate B'],
  ],
  ovens: [
    ['Front Oven', 'Matchbox 1718/1313', 'Downtown'],
    ['Back Oven', 'MiLO/Double MiLO', 'Airport'],
  ],
  members: [
    ['manager@example.com', 'manager', ''],
    ['crew@example.com', 'crew', 'Downtown; Airport'],
  ],
};
