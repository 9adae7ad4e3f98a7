/**
 * A chain brought in from its spreadsheets: a file of locations, ovens or members checked row by row against the
 * single forms' rules and the team as it is, then written all at once. The check reads the team in a few
 * statements and the write is a few set-based statements, whatever the number of rows (decision 0035).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  IMPORT_LINES_SHOWN,
  IMPORT_PROBLEMS_SHOWN,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  locationRow,
  memberRow,
  ovenRow,
} from '../../../shared/contracts/chain-files';
import { INVITATION_DAYS, PENDING_INVITATIONS_MAX } from '../../../shared/contracts/teams';
import { saidOf } from '../../../shared/contracts/zod-said';
import {
  CHAIN_FILE_ACTIONS,
  CHAIN_FILE_CELL_MAX,
  CHAIN_FILE_COLUMNS,
  CHAIN_FILE_ROWS_MAX,
  type ChainFileKind,
  cellFromFile,
  locationNames,
  modelFromCell,
  nameMatchKey,
  type RowProblem,
  readHeader,
  roleFromCell,
} from '../../../shared/domain/chain-files';
import { normalizeEmail } from '../../../shared/domain/email';
import { LOCATION_LIMIT } from '../../../shared/domain/fleet';
import { OVEN_TYPES } from '../../../shared/domain/oven-models';
import {
  canChangeMember,
  limitedToLocations,
  rolesGrantableBy,
  roleWord,
  type TeamRole,
} from '../../../shared/domain/permissions';
import { english } from '../../../shared/i18n/english';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { listOf, type Said, said } from '../../../shared/i18n/said';
import type { ActivityRecorder } from '../../db/activity-store';
import { type Db, type DbOrTx, rowsOf } from '../../db/client';
import { recordActivity } from '../../db/team-activity-store';
import { publishEvents } from '../../db/webhook-events';
import { ValidationError } from '../../lib/errors';
import { sayIn } from '../../lib/i18n';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { teamInvitationMail } from '../../mail/templates';
import type { FileRow } from './chain-file-reader';
import { membershipIn } from './team-access';

const DAY = 86_400_000;
/** Rows one write statement takes: 10,000 ovens are ten statements, each short. */
const WRITE_CHUNK = 1000;
/** Invitations (and their drawn mails) one statement takes: a few MB of mail at a time. */
const MAIL_CHUNK = 500;

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Every thousand rows the event loop goes to other requests: a 10,000-row check never holds it for long. */
const breath = (i: number) => (i % 1000 === 999 ? nextTurn() : undefined);

/** A row of the file, its cells by Hearth's column names (a missing column reads as empty). */
export interface ImportRow {
  row: number;
  cells: Record<string, string>;
}

/** What the file brings once read: its rows, or why it cannot be taken at all. */
export interface ReadFile {
  kind: ChainFileKind;
  rows: ImportRow[];
  problems: RowProblem[];
}

type Action = 'create' | 'update' | 'unchanged';

interface Writes {
  locations: { create: { name: string; address: string }[]; update: { id: number; address: string }[] };
  ovens: { create: { name: string; type: string; locationId: number | null }[] };
  members: {
    invite: { email: string; role: TeamRole; locationIds: number[]; places: string[] }[];
    invitation: { id: number; role: TeamRole; locationIds: number[] }[];
    member: { userId: number; role: TeamRole; locationIds: number[] }[];
  };
}

interface Plan {
  problems: RowProblem[];
  actions: Map<number, Action>;
  writes: Writes;
}

export interface ImportActor {
  id: number;
  username: string;
  language?: Language | null;
}

export function createChainImportService(deps: {
  db: Db;
  mailer: Mailer;
  activity: ActivityRecorder;
  appUrl: string;
  providerName: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** A problem on the wire: in the reader's language, and by key for any other. */
  const problemOut =
    (language: Language | null | undefined) =>
    (p: RowProblem): ImportProblem => ({
      row: p.row,
      column: p.column,
      message: sayIn(language, p.said),
      key: p.said.key,
      params: p.said.params ?? {},
    });

  /** Problems in file order (row, then column), a first few hundred of them. */
  const sorted = (problems: RowProblem[]) =>
    [...problems].sort((a, b) => a.row - b.row || (a.column ?? '').localeCompare(b.column ?? ''));

  function refusal(language: Language | null | undefined, problems: RowProblem[]): ValidationError {
    const list = sorted(problems);
    return new ValidationError(
      said('ruleMessages.importProblems', { n: list.length }),
      {},
      {
        problems: list.slice(0, IMPORT_PROBLEMS_SHOWN).map(problemOut(language)),
        problems_total: list.length,
      },
    );
  }

  /**
   * The file's rows by column, read as they arrive: the header first, then at most the kind's row limit (a file
   * with more is refused without reading the rest). A cell longer than a cell can be is a problem, never cut.
   */
  async function read(kind: ChainFileKind, source: AsyncIterable<FileRow>): Promise<ReadFile> {
    const columns = CHAIN_FILE_COLUMNS[kind] as readonly string[];
    const rows: ImportRow[] = [];
    const problems: RowProblem[] = [];
    let at: Record<string, number> | null = null;
    for await (const { row, cells } of source) {
      if (!at) {
        const header = readHeader(kind, cells);
        if (header.problems.length > 0) return { kind, rows, problems: header.problems };
        at = header.at;
        continue;
      }
      if (rows.length >= CHAIN_FILE_ROWS_MAX[kind]) {
        problems.push({
          row,
          column: null,
          said: said('ruleMessages.importTooManyRows', { n: CHAIN_FILE_ROWS_MAX[kind] }),
        });
        break;
      }
      const byColumn: Record<string, string> = {};
      for (const column of columns) {
        const text = cellFromFile(cells[at[column]!] ?? '');
        if (text.length > CHAIN_FILE_CELL_MAX)
          problems.push({
            row,
            column,
            said: said('ruleMessages.importCellTooLong', { n: CHAIN_FILE_CELL_MAX, length: text.length }),
          });
        byColumn[column] = text;
      }
      rows.push({ row, cells: byColumn });
    }
    if (!at) problems.push({ row: 1, column: null, said: said('ruleMessages.importEmpty') });
    return { kind, rows, problems };
  }

  /** The row's problems under a contract of the single forms, each in the column its field came from. */
  function formProblems<T>(schema: z.ZodType<T>, row: ImportRow, input: Record<string, string>) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { value: parsed.data, problems: [] as RowProblem[] };
    return {
      value: null,
      problems: parsed.error.issues.map((issue) => ({
        row: row.row,
        column: String(issue.path[0] ?? '') || null,
        said: saidOf(issue),
      })),
    };
  }

  /** The row a key was first seen on in the file, or undefined (and this row is where it was first seen). */
  const seenBefore = (seen: Map<string, number>, key: string, row: number): number | undefined => {
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row);
    return first;
  };

  const duplicate = (row: number, column: string, first: number): RowProblem => ({
    row,
    column,
    said: said('ruleMessages.importDuplicate', { row: first }),
  });

  /** The team's locations by folded name: one statement. */
  async function teamPlaces(tx: DbOrTx, teamId: number) {
    const rows = await rowsOf<{ id: number; name: string; address: string }>(
      tx,
      sql`select id, name, address from locations where team_id = ${teamId}`,
    );
    return new Map(rows.map((r) => [nameMatchKey(r.name), { ...r, id: Number(r.id) }]));
  }

  async function planLocations(tx: DbOrTx, teamId: number, rows: ImportRow[]): Promise<Plan> {
    const places = await teamPlaces(tx, teamId);
    const problems: RowProblem[] = [];
    const actions = new Map<number, Action>();
    const writes = emptyWrites();
    const seen = new Map<string, number>();
    for (const [i, row] of rows.entries()) {
      await breath(i);
      const { value, problems: found } = formProblems(locationRow, row, {
        name: row.cells.name ?? '',
        address: row.cells.address ?? '',
      });
      problems.push(...found);
      if (!value) continue;
      const key = nameMatchKey(value.name);
      const first = seenBefore(seen, key, row.row);
      if (first !== undefined) {
        problems.push(duplicate(row.row, 'name', first));
        continue;
      }
      const there = places.get(key);
      if (!there) {
        writes.locations.create.push({ name: value.name, address: value.address });
        actions.set(row.row, 'create');
      } else if (there.address !== value.address) {
        writes.locations.update.push({ id: there.id, address: value.address });
        actions.set(row.row, 'update');
      } else actions.set(row.row, 'unchanged');
    }
    const total = places.size + writes.locations.create.length;
    if (total > LOCATION_LIMIT)
      problems.push({
        row: rows[0]?.row ?? 1,
        column: null,
        said: said('ruleMessages.importLocationLimit', {
          n: LOCATION_LIMIT,
          have: places.size,
          adding: writes.locations.create.length,
        }),
      });
    return { problems, actions, writes };
  }

  async function planOvens(tx: DbOrTx, teamId: number, rows: ImportRow[]): Promise<Plan> {
    const [places, existing] = await Promise.all([
      teamPlaces(tx, teamId),
      rowsOf<{ name: string; type: string; location_id: number | null }>(
        tx,
        sql`select name, type, location_id from ovens where team_id = ${teamId}`,
      ),
    ]);
    const identity = (locationId: number | null, name: string) =>
      `${locationId ?? ''}\u0000${nameMatchKey(name)}`;
    const there = new Map<string, string[]>();
    for (const o of existing) {
      const key = identity(o.location_id === null ? null : Number(o.location_id), o.name);
      there.set(key, [...(there.get(key) ?? []), o.type]);
    }
    const problems: RowProblem[] = [];
    const actions = new Map<number, Action>();
    const writes = emptyWrites();
    const seen = new Map<string, number>();
    for (const [i, row] of rows.entries()) {
      await breath(i);
      const { value, problems: found } = formProblems(ovenRow, row, { name: row.cells.name ?? '' });
      problems.push(...found);
      const model = modelFromCell(row.cells.model ?? '');
      if (!model)
        problems.push({
          row: row.row,
          column: 'model',
          said: (row.cells.model ?? '').trim()
            ? said('ruleMessages.importModel', {
                model: row.cells.model!.trim(),
                models: listOf(OVEN_TYPES, '; '),
              })
            : said('rules.ovenType'),
        });
      const placeName = (row.cells.location ?? '').trim();
      const place = placeName ? places.get(nameMatchKey(placeName)) : null;
      if (placeName && !place)
        problems.push({
          row: row.row,
          column: 'location',
          said: said('ruleMessages.importNoLocation', { name: placeName }),
        });
      if (!value || !model || (placeName && !place)) continue;
      const locationId = place?.id ?? null;
      const key = identity(locationId, value.name);
      const first = seenBefore(seen, key, row.row);
      if (first !== undefined) {
        problems.push(duplicate(row.row, 'name', first));
        continue;
      }
      const types = there.get(key);
      if (!types) {
        writes.ovens.create.push({ name: value.name, type: model, locationId });
        actions.set(row.row, 'create');
      } else if (types.includes(model)) actions.set(row.row, 'unchanged');
      else
        problems.push({
          row: row.row,
          column: 'model',
          said: said('ruleMessages.importOvenIsOther', { name: value.name, model: types[0]! }),
        });
    }
    return { problems, actions, writes };
  }

  async function planMembers(
    tx: DbOrTx,
    actor: ImportActor,
    me: { role: TeamRole },
    teamId: number,
    rows: ImportRow[],
  ): Promise<Plan> {
    const [places, people, pending] = await Promise.all([
      teamPlaces(tx, teamId),
      rowsOf<{ user_id: number; email: string; role: TeamRole; location_ids: number[] | string }>(
        tx,
        sql`select m.user_id, u.email, m.role,
              coalesce((select json_agg(ml.location_id order by ml.location_id) from member_locations ml
                where ml.team_id = m.team_id and ml.user_id = m.user_id), '[]') as location_ids
            from team_members m join users u on u.id = m.user_id where m.team_id = ${teamId}`,
      ),
      rowsOf<{ id: number; email: string; role: TeamRole; location_ids: number[] | string }>(
        tx,
        sql`select id, email, role, location_ids from team_invitations where team_id = ${teamId}`,
      ),
    ]);
    const ids = (v: number[] | string) =>
      (typeof v === 'string' ? (JSON.parse(v) as number[]) : v).map(Number);
    const members = new Map(
      people.map((p) => [
        normalizeEmail(p.email),
        { ...p, user_id: Number(p.user_id), location_ids: ids(p.location_ids) },
      ]),
    );
    const invitations = new Map(
      pending.map((p) => [
        normalizeEmail(p.email),
        { ...p, id: Number(p.id), location_ids: ids(p.location_ids) },
      ]),
    );
    const placeName = new Map([...places.values()].map((p) => [p.id, p.name]));
    const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const problems: RowProblem[] = [];
    const actions = new Map<number, Action>();
    const writes = emptyWrites();
    const seen = new Map<string, number>();
    let owners = people.filter((p) => p.role === 'owner').length;
    const grantable = rolesGrantableBy(me.role);
    for (const [i, row] of rows.entries()) {
      await breath(i);
      const checked = formProblems(memberRow, row, { email: row.cells.email ?? '' });
      const rowProblems: RowProblem[] = [...checked.problems];
      const value = checked.value;
      const roleCell = (row.cells.role ?? '').trim();
      const role = roleFromCell(roleCell);
      if (!role)
        rowProblems.push({
          row: row.row,
          column: 'role',
          said: said('ruleMessages.importRole', {
            role: roleCell,
            roles: listOf(['owner', 'manager', 'store', 'crew']),
          }),
        });
      const names = locationNames(row.cells.locations ?? '');
      const locationIds: number[] = [];
      for (const name of names) {
        const place = places.get(nameMatchKey(name));
        if (place) locationIds.push(place.id);
        else
          rowProblems.push({
            row: row.row,
            column: 'locations',
            said: said('ruleMessages.importNoLocation', { name }),
          });
      }
      locationIds.sort((a, b) => a - b);
      if (role && limitedToLocations(role) && names.length === 0)
        rowProblems.push({ row: row.row, column: 'locations', said: said('ruleMessages.chooseLocation') });
      if (role && !limitedToLocations(role) && names.length > 0)
        rowProblems.push({
          row: row.row,
          column: 'locations',
          said: said('ruleMessages.importReachesAll', { role: roleWord(role) }),
        });
      if (names.length > 200)
        rowProblems.push({ row: row.row, column: 'locations', said: said('ruleMessages.locationsMax') });
      const first = value ? seenBefore(seen, value.email, row.row) : undefined;
      if (first !== undefined) rowProblems.push(duplicate(row.row, 'email', first));
      if (rowProblems.length > 0 || !value || !role) {
        problems.push(...rowProblems);
        continue;
      }
      const member = members.get(value.email);
      const invited = invitations.get(value.email);
      if (member) {
        if (member.role === role && sameSet(member.location_ids, locationIds)) {
          actions.set(row.row, 'unchanged');
          continue;
        }
        if (member.user_id === actor.id) {
          problems.push({ row: row.row, column: 'role', said: said('ruleMessages.ownRole') });
          continue;
        }
        if (
          !canChangeMember(
            { userId: actor.id, role: me.role },
            { userId: member.user_id, role: member.role },
            role,
          )
        ) {
          problems.push({
            row: row.row,
            column: 'role',
            said: said('ruleMessages.mayNotMake', {
              role: roleWord(me.role),
              user: value.email,
              newRole: roleWord(role),
            }),
          });
          continue;
        }
        if (member.role === 'owner' && role !== 'owner') {
          if (owners <= 1) {
            problems.push({ row: row.row, column: 'role', said: said('ruleMessages.keepsOwner') });
            continue;
          }
          owners--;
        }
        writes.members.member.push({ userId: member.user_id, role, locationIds });
        actions.set(row.row, 'update');
        continue;
      }
      if (!grantable.includes(role)) {
        problems.push({
          row: row.row,
          column: 'role',
          said: said('ruleMessages.mayInviteOnly', {
            role: roleWord(me.role),
            roles: listOf(grantable.map(roleWord)),
          }),
        });
        continue;
      }
      if (invited) {
        if (
          invited.role === role &&
          sameSet(
            [...invited.location_ids].sort((a, b) => a - b),
            locationIds,
          )
        ) {
          actions.set(row.row, 'unchanged');
          continue;
        }
        if (!grantable.includes(invited.role)) {
          problems.push({
            row: row.row,
            column: 'role',
            said: said('ruleMessages.invitationReplace', {
              role: roleWord(me.role),
              email: value.email,
              pendingRole: roleWord(invited.role),
            }),
          });
          continue;
        }
        writes.members.invitation.push({ id: invited.id, role, locationIds });
        actions.set(row.row, 'update');
        continue;
      }
      writes.members.invite.push({
        email: value.email,
        role,
        locationIds,
        places: locationIds.map((id) => placeName.get(id) ?? ''),
      });
      actions.set(row.row, 'create');
    }
    if (pending.length + writes.members.invite.length > PENDING_INVITATIONS_MAX)
      problems.push({
        row: rows[0]?.row ?? 1,
        column: null,
        said: said('ruleMessages.importInvitationLimit', {
          n: PENDING_INVITATIONS_MAX,
          have: pending.length,
          adding: writes.members.invite.length,
        }),
      });
    return { problems, actions, writes };
  }

  async function plan(tx: DbOrTx, actor: ImportActor, file: ReadFile, teamId: number, lock = false) {
    const me = await membershipIn(tx, actor.id, teamId, CHAIN_FILE_ACTIONS[file.kind], lock);
    const planned =
      file.kind === 'locations'
        ? await planLocations(tx, teamId, file.rows)
        : file.kind === 'ovens'
          ? await planOvens(tx, teamId, file.rows)
          : await planMembers(tx, actor, me, teamId, file.rows);
    return { me, ...planned, problems: [...file.problems, ...planned.problems] };
  }

  const countsOf = (file: ReadFile, actions: Map<number, Action>): ImportResult => {
    const counts = { create: 0, update: 0, unchanged: 0 };
    for (const a of actions.values()) counts[a]++;
    return { kind: file.kind, rows: file.rows.length, ...counts };
  };

  /** Each kind's writes: a statement per table, whatever the number of rows. */
  async function write(tx: DbOrTx, actor: ImportActor, teamId: number, team: string, writes: Writes) {
    const { locations: l, ovens: o, members: m } = writes;
    if (l.create.length > 0)
      await tx.execute(sql`insert into locations (team_id, name, address)
        select ${teamId}, x.name, x.address from json_to_recordset(${JSON.stringify(l.create)}::json) as x(name text, address text)`);
    if (l.update.length > 0)
      await tx.execute(sql`update locations set address = x.address
        from json_to_recordset(${JSON.stringify(l.update)}::json) as x(id int, address text)
        where locations.id = x.id and locations.team_id = ${teamId}`);
    // The ovens, each with its one empty main screen and the history's first line, as the form makes one; in parts
    // of a thousand with a turn between, so an embedded database (which runs in this process) never holds the
    // event loop for a whole chain.
    for (const [part, chunk] of chunks(o.create, WRITE_CHUNK).entries()) {
      if (part > 0) await nextTurn();
      const rows = JSON.stringify(chunk.map((c, i) => ({ ...c, i })));
      await tx.execute(sql`
        with made as (
          insert into ovens (team_id, created_by, name, type, location_id, warm_ups)
          select ${teamId}, ${actor.id}, x.name, x.type, x."locationId", '[]'::jsonb
          from json_to_recordset(${rows}::json) as x(name text, type text, "locationId" int, i int)
          order by x.i
          returning id, name
        ), screens as (
          insert into menu_screens (oven_id, category_id, position) select id, null, 1 from made
        )
        insert into menu_revisions (oven_id, user_id, action, summary, summary_said, before, after)
        select id, ${actor.id}, 'imported', ${english(said('ruleMessages.importedOven'))},
          ${JSON.stringify(said('ruleMessages.importedOven'))}::jsonb,
          '{}'::jsonb, '{}'::jsonb from made`);
    }
    if (o.create.length > 0) {
      const byType = new Map<string, number>();
      for (const c of o.create) byType.set(c.type, (byType.get(c.type) ?? 0) + 1);
      for (const [type, n] of byType) await deps.activity.created(tx, 'oven_created', type, n);
    }
    if (m.member.length > 0) {
      const rows = JSON.stringify(m.member.map((x) => ({ user_id: x.userId, role: x.role })));
      await tx.execute(sql`update team_members set role = x.role
        from json_to_recordset(${rows}::json) as x(user_id int, role text)
        where team_members.team_id = ${teamId} and team_members.user_id = x.user_id`);
      const userIds = m.member.map((x) => x.userId);
      await tx.execute(sql`delete from member_locations where team_id = ${teamId}
        and user_id in (select value::int from json_array_elements_text(${JSON.stringify(userIds)}::json))`);
      const given = m.member.flatMap((x) =>
        x.locationIds.map((location_id) => ({ user_id: x.userId, location_id })),
      );
      if (given.length > 0)
        await tx.execute(sql`insert into member_locations (team_id, user_id, location_id)
          select ${teamId}, x.user_id, x.location_id from json_to_recordset(${JSON.stringify(given)}::json) as x(user_id int, location_id int)`);
    }
    if (m.invitation.length > 0)
      await tx.execute(sql`update team_invitations set role = x.role, location_ids = x.location_ids
        from json_to_recordset(${JSON.stringify(m.invitation.map((x) => ({ id: x.id, role: x.role, location_ids: x.locationIds })))}::json)
          as x(id int, role text, location_ids jsonb)
        where team_invitations.id = x.id and team_invitations.team_id = ${teamId}`);
    // Invitations and their mails a few hundred at a time: each part's mails are drawn, written and let go.
    for (const [part, chunk] of chunks(m.invite, MAIL_CHUNK).entries()) {
      if (part > 0) await nextTurn();
      const at = now();
      const expires = new Date(at.getTime() + INVITATION_DAYS * DAY);
      const tokens = chunk.map(() => newToken());
      await tx.execute(sql`insert into team_invitations
          (team_id, email, role, location_ids, token_hash, invited_by, created_at, expires_at)
        select ${teamId}, x.email, x.role, x.location_ids, x.token_hash, ${actor.id}, ${at.toISOString()}::timestamptz,
          ${expires.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(
          chunk.map((x, i) => ({
            email: x.email,
            role: x.role,
            location_ids: x.locationIds,
            token_hash: hashToken(tokens[i]!),
          })),
        )}::json) as x(email text, role text, location_ids jsonb, token_hash text)`);
      // Mailed through the outbox's queue, a batch at a time, and not refused by the hourly limit.
      await deps.mailer.queue(
        tx,
        chunk.map((x, i) =>
          teamInvitationMail({
            provider: deps.providerName,
            to: x.email,
            team,
            language: actor.language ?? DEFAULT_LANGUAGE,
            role: x.role,
            invitedBy: actor.username,
            url: `${deps.appUrl}/invitations/${encodeURIComponent(tokens[i]!)}`,
            days: INVITATION_DAYS,
            locations: x.places,
          }),
        ),
      );
    }
  }

  const summaryKey: Record<ChainFileKind, Said['key']> = {
    locations: 'ruleMessages.importedLocations',
    ovens: 'ruleMessages.importedOvens',
    members: 'ruleMessages.importedMembers',
  };

  return {
    read,

    /** Refuses at once a caller who may not import this kind into this team (before their file is read). */
    async mayImport(userId: number, teamId: number, kind: ChainFileKind): Promise<void> {
      await membershipIn(db, userId, teamId, CHAIN_FILE_ACTIONS[kind]);
    },

    /** A dry run: what applying would do, every problem, and the rows to show. Nothing is written. */
    async preview(actor: ImportActor, teamId: number, file: ReadFile): Promise<ImportPreview> {
      const planned = await plan(db, actor, file, teamId);
      const problems = sorted(planned.problems);
      const shown = problems.slice(0, IMPORT_PROBLEMS_SHOWN);
      const badRows = new Set(shown.map((p) => p.row));
      const columns = CHAIN_FILE_COLUMNS[file.kind] as readonly string[];
      const lines = file.rows
        .filter((r, i) => i < IMPORT_LINES_SHOWN || badRows.has(r.row))
        .map((r) => ({
          row: r.row,
          cells: columns.map((c) => r.cells[c] ?? ''),
          action: badRows.has(r.row)
            ? ('problem' as const)
            : (planned.actions.get(r.row) ?? ('problem' as const)),
        }));
      return {
        ...countsOf(file, planned.actions),
        problems: shown.map(problemOut(actor.language)),
        problems_total: problems.length,
        columns: [...columns],
        lines,
      };
    },

    /** Refuses a file with any problem (422 with them), before it is queued. */
    async mustApply(actor: ImportActor, teamId: number, file: ReadFile): Promise<void> {
      const planned = await plan(db, actor, file, teamId);
      if (planned.problems.length > 0) throw refusal(actor.language, planned.problems);
    },

    /**
     * Applies the file in one transaction, checked again against the team as it is now (the team locked, so two
     * imports of one team take turns): all of it, or nothing with the problems.
     */
    async apply(
      actor: ImportActor,
      teamId: number,
      file: ReadFile,
      step: (done: number, total: number) => Promise<void> = async () => {},
    ): Promise<ImportResult> {
      const total = file.rows.length;
      await step(0, total);
      const result = await db.transaction(async (tx) => {
        const planned = await plan(tx, actor, file, teamId, true);
        if (planned.problems.length > 0) throw refusal(actor.language, planned.problems);
        const counts = countsOf(file, planned.actions);
        await write(tx, actor, teamId, planned.me.name, planned.writes);
        if (counts.create + counts.update > 0)
          await recordActivity(tx, {
            teamId,
            userId: actor.id,
            action: `${file.kind}.imported`,
            summary: said(summaryKey[file.kind], { created: counts.create, changed: counts.update }),
          });
        await publishEvents(tx, {
          event: 'import.finished',
          teamId,
          userId: actor.id,
          data: { ...counts },
        });
        return counts;
      });
      await step(total, total);
      return result;
    },
  };
}

function emptyWrites(): Writes {
  return {
    locations: { create: [], update: [] },
    ovens: { create: [] },
    members: { invite: [], invitation: [], member: [] },
  };
}

export type ChainImportService = ReturnType<typeof createChainImportService>;
