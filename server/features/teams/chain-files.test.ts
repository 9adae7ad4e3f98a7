import { eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import readXlsx from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { ImportPreview, ImportProblem } from '../../../shared/contracts/chain-files';
import type { Job } from '../../../shared/contracts/jobs';
import type { TeamRole } from '../../../shared/domain/permissions';
import { rowsOf } from '../../db/client';
import { locations, outbox, ovens, teamInvitations, teamMembers, users } from '../../db/schema/index';
import { addMember, createSession, createSignedInUser, createUser } from '../../test/factories';
import {
  createLocationWith,
  createTestContext,
  finishedJob,
  multipartBody,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  // No background poll: the statements counted are the requests' and the job's own.
  ctx = await createTestContext({ jobPollMs: 3_600_000 });
});
afterAll(() => ctx?.close());

type Person = { id: number; token: string; teamId: number };
const owner = (): Promise<Person> => createSignedInUser(ctx.db);

/** Sends a file to the team's import: a dry run unless `apply`. */
function send(
  who: Person,
  kind: string,
  content: string | Uint8Array,
  options: { apply?: boolean; name?: string; team?: number; headers?: Record<string, string> } = {},
) {
  const body = multipartBody(
    { kind, dry_run: options.apply ? 'false' : 'true' },
    { name: options.name ?? `${kind}.csv`, content },
  );
  return ctx.api('POST', `/api/teams/${options.team ?? who.teamId}/imports`, body.payload, {
    token: who.token,
    headers: { ...body.headers, ...options.headers },
  });
}

const preview = async (who: Person, kind: string, content: string | Uint8Array) => {
  const reply = await send(who, kind, content);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ data: ImportPreview }>().data;
};

const applied = async (who: Person, kind: string, content: string | Uint8Array) => {
  const reply = await send(who, kind, content, { apply: true });
  expect(reply.statusCode, reply.body).toBe(202);
  const job = await finishedJob<Job>(ctx, who.token, reply);
  expect(job.status, job.error ?? '').toBe('done');
  return job.result as { create: number; update: number; unchanged: number; rows: number };
};

const placesOf = async (teamId: number) =>
  (
    await ctx.db
      .select({ name: locations.name, address: locations.address })
      .from(locations)
      .where(eq(locations.teamId, teamId))
  ).sort((a, b) => a.name.localeCompare(b.name));

async function member(teamId: number, role: TeamRole, locationIds: number[] = []) {
  const user = await createUser(ctx.db, { team: false });
  await addMember(ctx.db, teamId, user.id, role, { locationIds });
  return { id: user.id, teamId, token: await createSession(ctx.db, user.id), email: user.email };
}

describe('importing locations', () => {
  it('a dry run says what would be added and changed, and writes nothing', async () => {
    const me = await owner();
    await createLocationWith(ctx, me.token, 'Downtown', []);
    const result = await preview(me, 'locations', 'name,address\nDowntown,1 Main St\nAirport,Gate B\n');
    expect(result).toMatchObject({
      kind: 'locations',
      rows: 2,
      create: 1,
      update: 1,
      unchanged: 0,
      problems: [],
    });
    expect(result.lines.map((l) => [l.row, l.action])).toEqual([
      [2, 'update'],
      [3, 'create'],
    ]);
    expect(await placesOf(me.teamId)).toEqual([{ name: 'Downtown', address: '' }]);
  });

  it('applying writes every row, and the same file again changes nothing', async () => {
    const me = await owner();
    const file = 'name,address\nDowntown,1 Main St\nAirport,Gate B\n';
    expect(await applied(me, 'locations', file)).toMatchObject({ create: 2, update: 0, unchanged: 0 });
    expect(await placesOf(me.teamId)).toEqual([
      { name: 'Airport', address: 'Gate B' },
      { name: 'Downtown', address: '1 Main St' },
    ]);
    const trail = async () =>
      (
        await rowsOf<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from team_activity where team_id = ${me.teamId}`,
        )
      )[0]!.n;
    const lines = await trail();
    expect(await applied(me, 'locations', file)).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    expect(await trail()).toBe(lines);
  });

  it('reads a CSV as Excel in Spain writes it: a byte-order mark, semicolons, quoted cells with separators, quotes and line breaks, columns in any order and case', async () => {
    const me = await owner();
    const file =
      '\uFEFFAddress;NAME\r\n"Calle Mayor 1; 2º";"Sol, ""Centro"""\r\n"Planta 2\r\nLocal 4";Mercado\r\n';
    const result = await preview(me, 'locations', file);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      { row: 2, cells: ['Sol, "Centro"', 'Calle Mayor 1; 2º'], action: 'create' },
      { row: 3, cells: ['Mercado', 'Planta 2\r\nLocal 4'], action: 'create' },
    ]);
  });

  it('reads an XLSX file', async () => {
    const me = await owner();
    const bytes = await writeXlsxFile([
      [{ value: 'name' }, { value: 'address' }],
      [{ value: 'Harbour' }, { value: 'Pier 3' }],
    ]).toBuffer();
    const result = await preview(me, 'locations', new Uint8Array(bytes));
    expect(result).toMatchObject({ rows: 1, create: 1, problems: [] });
    expect(result.lines[0]!.cells).toEqual(['Harbour', 'Pier 3']);
  });

  it('names each problem by row and column, duplicates in the file included, and refuses the file when applied with nothing written', async () => {
    const me = await owner();
    const file = `name,address\nDowntown,\n,No name\ndowntown,again\n${'x'.repeat(61)},\n`;
    const result = await preview(me, 'locations', file);
    expect(result.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [3, 'name', 'ruleMessages.nameLocation'],
      [4, 'name', 'ruleMessages.importDuplicate'],
      [5, 'name', 'ruleMessages.locationNameMax'],
    ]);
    expect(result.problems[1]!.message).toBe('The same as row 2: each appears once in a file.');
    const refused = await send(me, 'locations', file, { apply: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ problems: ImportProblem[] }>().problems).toHaveLength(3);
    expect(await placesOf(me.teamId)).toEqual([]);
  });

  it('says a header it cannot read: a misspelt column and a missing one', async () => {
    const me = await owner();
    const result = await preview(me, 'locations', 'name,adress\nDowntown,1 Main St\n');
    expect(result.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [1, 'address', 'ruleMessages.importColumnMissing'],
      [1, 'adress', 'ruleMessages.importUnknownColumn'],
    ]);
  });

  it("says each problem in the reader's language", async () => {
    const me = await owner();
    await ctx.db.update(users).set({ language: 'de' }).where(eq(users.id, me.id));
    const result = await preview(me, 'locations', 'name,address\nA,\na,\n');
    expect(result.problems[0]!.message).toBe('Wie Zeile 2: Jeder Eintrag steht nur einmal in einer Datei.');
    expect(result.problems[0]).toMatchObject({ key: 'ruleMessages.importDuplicate', params: { row: 2 } });
  });

  it('refuses a file that is not UTF-8 (an older Excel’s "CSV"), naming the fix', async () => {
    const me = await owner();
    const latin1 = Buffer.from('name,address\nCaf\xe9 M\xfcller,\n', 'latin1');
    const result = await preview(me, 'locations', new Uint8Array(latin1));
    expect(result.problems.map((p) => p.key)).toEqual(['ruleMessages.importNotUtf8']);
  });

  it('refuses more rows than a file may hold, and a file larger than the limit with 413', async () => {
    const me = await owner();
    const many = `name,address\n${Array.from({ length: 5001 }, (_, i) => `Store ${i},`).join('\n')}\n`;
    const result = await preview(me, 'locations', many);
    expect(result.problems.map((p) => [p.row, p.key])).toEqual([[5002, 'ruleMessages.importTooManyRows']]);
    const huge = `name,address\n${'a,\n'.repeat(3 * 1024 * 1024)}`;
    expect((await send(me, 'locations', huge)).statusCode).toBe(413);
  });

  it('refuses a workbook that would unpack to far more than a sheet of rows (a zip bomb) with 413, unpacking nothing', async () => {
    const me = await owner();
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(70 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect((await send(me, 'locations', bomb, { name: 'stores.xlsx' })).statusCode).toBe(413);
  });

  it('answers bytes that are no spreadsheet with a problem, never a failure', async () => {
    const me = await owner();
    const noise = new Uint8Array(64 * 1024).map((_, i) => (i * 7919 + 13) % 256);
    expect((await preview(me, 'locations', noise)).problems.map((p) => p.key)).toEqual([
      'ruleMessages.importNotUtf8',
    ]);
    const brokenZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...noise.slice(0, 1000)]);
    expect((await preview(me, 'locations', brokenZip)).problems.map((p) => p.key)).toEqual([
      'ruleMessages.importNotSpreadsheet',
    ]);
    // Found early in a large file: the rest is still taken off the wire, and the answer is the problem.
    const largeLatin1 = Buffer.concat([
      Buffer.from('name,address\nCaf\xe9,\n', 'latin1'),
      Buffer.alloc(3 * 1024 * 1024, 'a,\n'),
    ]);
    expect((await preview(me, 'locations', new Uint8Array(largeLatin1))).problems.map((p) => p.key)).toEqual([
      'ruleMessages.importNotUtf8',
    ]);
    const quote = await preview(me, 'locations', 'name,address\nA,"open\n');
    expect(quote.problems.map((p) => [p.row, p.key])).toEqual([[2, 'ruleMessages.importQuotes']]);
  });

  it('keeps the team’s location cap', async () => {
    const me = await owner();
    await ctx.db.execute(
      sql`insert into locations (team_id, name) select ${me.teamId}, 'Kept ' || g from generate_series(1, 4999) g`,
    );
    const result = await preview(me, 'locations', 'name,address\nOne,\nTwo,\n');
    expect(result.problems.map((p) => p.key)).toEqual(['ruleMessages.importLocationLimit']);
  });
});

describe('importing ovens', () => {
  it('adds ovens by model name or code into locations by name; the same file again changes nothing', async () => {
    const me = await owner();
    await createLocationWith(ctx, me.token, 'Downtown', []);
    const file = 'location,name,model\nDowntown,Front,matchbox 1718/1313\n,Spare,MILO\n';
    expect(await applied(me, 'ovens', file)).toMatchObject({ create: 2 });
    const made = await ctx.db
      .select({ name: ovens.name, type: ovens.type, locationId: ovens.locationId })
      .from(ovens)
      .where(eq(ovens.teamId, me.teamId));
    expect(made.map((o) => [o.name, o.type, o.locationId !== null]).sort()).toEqual([
      ['Front', 'Matchbox 1718/1313', true],
      ['Spare', 'MiLO/Double MiLO', false],
    ]);
    // Each opens in the editor with its one empty main screen.
    const list = (await ctx.api('GET', '/api/ovens?ovens=All', undefined, { token: me.token })).json<{
      data: { screens: number }[];
    }>().data;
    expect(list.map((o) => o.screens)).toEqual([1, 1]);
    expect(await applied(me, 'ovens', file)).toMatchObject({ create: 0, unchanged: 2 });
  });

  it('names an unknown model, an unknown location, a bad name and an oven whose model differs', async () => {
    const me = await owner();
    await applied(me, 'ovens', 'name,model,location\nFront,MiSA,\n');
    const result = await preview(
      me,
      'ovens',
      'name,model,location\nA,Pizzamatic,\nB,MiSA,Nowhere\n,MiSA,\nFront,Matchbox 1718/1313,\n',
    );
    expect(result.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [2, 'model', 'ruleMessages.importModel'],
      [3, 'location', 'ruleMessages.importNoLocation'],
      [4, 'name', 'rules.ovenName'],
      [5, 'model', 'ruleMessages.importOvenIsOther'],
    ]);
  });
});

describe('importing members', () => {
  it('invites new people (mailed through the queue), changes an existing member, and removes nobody', async () => {
    const me = await owner();
    const a = await createLocationWith(ctx, me.token, 'Downtown', []);
    const b = await createLocationWith(ctx, me.token, 'Airport', []);
    const crew = await member(me.teamId, 'crew', [a.id]);
    const stays = await member(me.teamId, 'crew', [a.id]);
    const file = `email,role,locations\nNew.Cook@Example.com,crew,Downtown; Airport\n${crew.email},store,Airport\n`;
    expect(await applied(me, 'members', file)).toMatchObject({ create: 1, update: 1 });
    const invited = await ctx.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, me.teamId));
    expect(invited.map((i) => [i.email, i.role, [...i.locationIds].sort()])).toEqual([
      ['new.cook@example.com', 'crew', [a.id, b.id].sort()],
    ]);
    const queued = await ctx.db.select().from(outbox).where(eq(outbox.to, 'new.cook@example.com'));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.text).toContain('/invitations/');
    const roles = await ctx.db
      .select({ userId: teamMembers.userId, role: teamMembers.role })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, me.teamId));
    expect(new Map(roles.map((r) => [r.userId, r.role]))).toEqual(
      new Map([
        [me.id, 'owner'],
        [crew.id, 'store'],
        [stays.id, 'crew'],
      ]),
    );
    const again = await applied(me, 'members', file);
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 2 });
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to, 'new.cook@example.com'))).toHaveLength(1);
  });

  it('a manager may not invite an owner, change a manager, or give crew no store', async () => {
    const me = await owner();
    await createLocationWith(ctx, me.token, 'Downtown', []);
    const manager = await member(me.teamId, 'manager');
    const other = await member(me.teamId, 'manager');
    const result = await preview(
      manager,
      'members',
      `email,role,locations\nboss@example.com,owner,\n${other.email},crew,Downtown\nnew@example.com,crew,\n`,
    );
    expect(result.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [2, 'role', 'ruleMessages.mayInviteOnly'],
      [3, 'role', 'ruleMessages.mayNotMake'],
      [4, 'locations', 'ruleMessages.chooseLocation'],
    ]);
  });

  it('the last owner stays an owner', async () => {
    const me = await owner();
    const [self] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, me.id));
    const result = await preview(me, 'members', `email,role,locations\n${self!.email},manager,\n`);
    expect(result.problems.map((p) => p.key)).toEqual(['ruleMessages.ownRole']);
  });
});

describe('over a real connection', () => {
  it('answers at once when the file breaks early or is too large: the rest of the upload is taken off the wire', async () => {
    const me = await owner();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const post = async (content: Uint8Array, kind = 'locations') => {
      const { payload, headers } = multipartBody({ kind, dry_run: 'true' }, { name: 'f.csv', content });
      const reply = await fetch(`${address}/api/teams/${me.teamId}/imports`, {
        method: 'POST',
        headers: {
          ...headers,
          authorization: `Bearer ${me.token}`,
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
        },
        body: new Uint8Array(payload),
      });
      return { status: reply.status, body: (await reply.json()) as { data?: ImportPreview; key?: string } };
    };
    const oneLongLine = new Uint8Array(Buffer.alloc(5 * 1024 * 1024, 'x'));
    const long = await post(oneLongLine);
    expect(long.status).toBe(200);
    expect(long.body.data!.problems.map((p) => p.key)).toEqual(['ruleMessages.importRowTooLong']);
    const tooBig = await post(new Uint8Array(Buffer.alloc(9 * 1024 * 1024, 'a,\n')));
    expect(tooBig.status).toBe(413);
    // A stranger's file is refused before it is read.
    const stranger = await owner();
    const { payload, headers } = multipartBody(
      { kind: 'ovens', dry_run: 'true' },
      { name: 'f.csv', content: oneLongLine },
    );
    const refused = await fetch(`${address}/api/teams/${me.teamId}/imports`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: `Bearer ${stranger.token}`,
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
      },
      body: new Uint8Array(payload),
    });
    expect(refused.status).toBe(404);
  }, 30_000);

  it('says the upload library’s own limits (too many parts) as Hearth says them', async () => {
    const me = await owner();
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x${i}`, 'y']));
    const body = multipartBody(
      { kind: 'locations', dry_run: 'true', ...fields },
      { name: 'f.csv', content: 'name,address\n' },
    );
    const reply = await ctx.api('POST', `/api/teams/${me.teamId}/imports`, body.payload, {
      token: me.token,
      headers: body.headers,
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json<{ key: string }>().key).toBe('ruleMessages.importForm');
  });

  it('reads an oven’s model by one of its sizes', async () => {
    const me = await owner();
    const result = await preview(me, 'ovens', 'name,model,location\nFront,Conveyor 2600,\n');
    expect(result).toMatchObject({ create: 1, problems: [] });
  });

  it('puts an unclosed quote on the row it opens in', async () => {
    const me = await owner();
    const result = await preview(me, 'locations', 'name,address\n"unclosed,B\nC,D\n');
    expect(result.problems.map((p) => [p.row, p.key])).toEqual([[2, 'ruleMessages.importQuotes']]);
  });
});

describe('who may import', () => {
  it('store managers and crew are refused; another team is not found', async () => {
    const me = await owner();
    const a = await createLocationWith(ctx, me.token, 'Downtown', []);
    const store = await member(me.teamId, 'store', [a.id]);
    const crew = await member(me.teamId, 'crew', [a.id]);
    expect((await send(store, 'locations', 'name\nX\n', { team: me.teamId })).statusCode).toBe(403);
    expect(
      (await send(crew, 'ovens', 'name,model,location\nX,MiSA,\n', { team: me.teamId })).statusCode,
    ).toBe(403);
    const stranger = await owner();
    expect((await send(stranger, 'locations', 'name\nX\n', { team: me.teamId })).statusCode).toBe(404);
  });

  it('a body that is not multipart, and a missing file, are refused naming the field', async () => {
    const me = await owner();
    const json = await ctx.api(
      'POST',
      `/api/teams/${me.teamId}/imports`,
      { kind: 'locations' },
      { token: me.token },
    );
    expect([415, 422]).toContain(json.statusCode);
    const body = multipartBody({ kind: 'locations', dry_run: 'true' });
    const noFile = await ctx.api('POST', `/api/teams/${me.teamId}/imports`, body.payload, {
      token: me.token,
      headers: body.headers,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json<{ key: string }>().key).toBe('ruleMessages.importChooseFile');
  });
});

describe('exporting', () => {
  it('exports each kind as CSV and XLSX in the columns an import reads: importing the export changes nothing', async () => {
    const me = await owner();
    const a = await createLocationWith(ctx, me.token, 'Downtown', []);
    await ctx.db.update(locations).set({ address: '1 Main St, "Corner"' }).where(eq(locations.id, a.id));
    await applied(me, 'ovens', 'name,model,location\nFront,MiSA,Downtown\nSpare,Matchbox 1718/1313,\n');
    await member(me.teamId, 'crew', [a.id]);
    for (const kind of ['locations', 'ovens', 'members'] as const) {
      const csv = await ctx.api('GET', `/api/teams/${me.teamId}/exports/${kind}.csv`, undefined, {
        token: me.token,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const fromCsv = await preview(me, kind, csv.rawPayload);
      expect(fromCsv.problems, kind).toEqual([]);
      expect(fromCsv.create + fromCsv.update, kind).toBe(0);
      const xlsx = await ctx.api('GET', `/api/teams/${me.teamId}/exports/${kind}.xlsx`, undefined, {
        token: me.token,
      });
      expect(xlsx.statusCode).toBe(200);
      const fromXlsx = await preview(me, kind, xlsx.rawPayload);
      expect(fromXlsx.problems, kind).toEqual([]);
      expect(fromXlsx.create + fromXlsx.update, kind).toBe(0);
    }
  });

  it('writes a cell a spreadsheet would run as a formula inert, and reads it back as it was', async () => {
    const me = await owner();
    await applied(me, 'locations', 'name,address\n"=HYPERLINK(""http://x"")",+1 Main\n@Home,-2\n');
    const csv = await ctx.api('GET', `/api/teams/${me.teamId}/exports/locations.csv`, undefined, {
      token: me.token,
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(`"'=HYPERLINK(""http://x"")",'+1 Main`);
    expect(lines).toContain("'@Home,'-2");
    const again = await preview(me, 'locations', csv.rawPayload);
    expect(again).toMatchObject({ unchanged: 2, create: 0, update: 0 });
    const xlsx = await ctx.api('GET', `/api/teams/${me.teamId}/exports/locations.xlsx`, undefined, {
      token: me.token,
    });
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[0]!.data.flat()).toContain('=HYPERLINK("http://x")');
  });

  it('only owners and managers export', async () => {
    const me = await owner();
    const a = await createLocationWith(ctx, me.token, 'Downtown', []);
    const store = await member(me.teamId, 'store', [a.id]);
    const reply = await ctx.api('GET', `/api/teams/${me.teamId}/exports/ovens.csv`, undefined, {
      token: store.token,
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('statements per import', () => {
  const statements = async (work: () => Promise<unknown>) => {
    const before = ctx.database.statements();
    await work();
    return ctx.database.statements() - before;
  };
  const files = {
    locations: (n: number) =>
      `name,address\n${Array.from({ length: n }, (_, i) => `Site ${i},Road ${i}`).join('\n')}\n`,
    ovens: (n: number) =>
      `name,model,location\n${Array.from({ length: n }, (_, i) => `Oven ${i},MiSA,Store ${i % 5}`).join('\n')}\n`,
    members: (n: number) =>
      `email,role,locations\n${Array.from({ length: n }, (_, i) => `cook${i}@example.com,crew,Store ${i % 5}; Store ${(i + 1) % 5}`).join('\n')}\n`,
  };

  it.each(Object.keys(files) as (keyof typeof files)[])(
    'a %s file: a dry run and an apply run as many statements for 200 rows as for 10',
    async (kind) => {
      const counts: number[][] = [];
      for (const n of [10, 200]) {
        const me = await owner();
        for (let i = 0; i < 5; i++) await createLocationWith(ctx, me.token, `Store ${i}`, []);
        const dry = await statements(() => preview(me, kind, files[kind](n)));
        await ctx.app.jobs.idle();
        const apply = await statements(async () => {
          const reply = await send(me, kind, files[kind](n), { apply: true });
          const job = await finishedJob<Job>(ctx, me.token, reply);
          expect(job.status).toBe('done');
        });
        counts.push([dry, apply]);
      }
      expect(counts[1]![0]).toBe(counts[0]![0]);
      // The job's progress is written at most every 250 ms: allow that much wobble, never one per row.
      expect(Math.abs(counts[1]![1]! - counts[0]![1]!)).toBeLessThanOrEqual(3);
    },
  );
});
