import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exampleParams,
  exportParams,
  type ImportResult,
  importFields,
  importPreview,
  importRefusal,
} from '../../../shared/contracts/chain-files';
import { errorResponse } from '../../../shared/contracts/common';
import { jobResponse } from '../../../shared/contracts/jobs';
import { teamParams } from '../../../shared/contracts/teams';
import { saidOf } from '../../../shared/contracts/zod-said';
import { CHAIN_FILE_BYTES_MAX, CHAIN_FILE_ROWS_MAX } from '../../../shared/domain/chain-files';
import { languageFromHeader } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import { contentDisposition } from '../../http/content-disposition';
import { jobReply } from '../../http/job-reply';
import { currentSessionHash, currentUser } from '../../http/request-user';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import type { JobRunner } from '../../lib/job-runner';
import type { ChainExportService } from './chain-export.service';
import { type FileRow, readRows, tooLarge, UnreadableFileError } from './chain-file-reader';
import type { ChainImportService, ImportActor, ReadFile } from './chain-import.service';

const tags = ['Chain files'];

interface ImportJob {
  actor: ImportActor;
  teamId: number;
  file: ReadFile;
}

/**
 * A multipart upload's fields and its file read as rows while it arrives. The file's bytes are never kept: only
 * its rows, at most the size limit's worth.
 */
async function uploaded(
  request: FastifyRequest,
  beforeFile: (fields: Record<string, string>) => Promise<void>,
) {
  const fields: Record<string, string> = {};
  let rows: FileRow[] | null = null;
  let unreadable: UnreadableFileError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || rows !== null) {
        await drained(part.file);
        continue;
      }
      // Who may import into this team is asked before a byte of the file is read.
      await beforeFile(fields).catch(async (error: unknown) => {
        await drained(part.file);
        throw error;
      });
      rows = [];
      try {
        // Read to its end (for the size limit), but kept only to one row past the most any file may hold. The
        // reader never destroys the upload: what it leaves is taken off the wire, or the request would wait.
        for await (const row of readRows(part.file.iterator({ destroyOnReturn: false })))
          if (rows.length < ROWS_KEPT) rows.push(row);
      } catch (error) {
        if (!(error instanceof UnreadableFileError) && !(error instanceof PayloadTooLargeError)) throw error;
        await drained(part.file);
        if (error instanceof PayloadTooLargeError) throw error;
        unreadable = error;
      }
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    // The upload library's own limits (parts, fields, field size), said as Hearth says them.
    const code = (error as { code?: string }).code;
    if (code && /^FST_(PARTS|FILES|FIELDS)_LIMIT/.test(code))
      throw ValidationError.field('file', said('ruleMessages.importForm'));
    throw error;
  }
  return { fields, rows, unreadable };
}

/**
 * The rest of an upload taken off the wire and dropped, so the form's next part (or its end) arrives. Read, not
 * resumed: a reader's iterator listens for 'readable', and a stream with such a listener ignores resume().
 */
async function drained(file: Readable) {
  if (file.readableEnded || file.destroyed) return;
  await new Promise<void>((resolve) => {
    file.once('end', resolve);
    file.once('error', () => resolve());
    file.once('close', resolve);
    const pull = () => {
      while (file.read() !== null);
    };
    file.on('readable', pull);
    pull();
  });
}

const ROWS_KEPT = Math.max(...Object.values(CHAIN_FILE_ROWS_MAX)) + 2;

export async function chainFilesRoutes(
  app: FastifyInstance,
  deps: { imports: ChainImportService; exports: ChainExportService; runner: JobRunner },
) {
  const { imports, exports } = deps;

  // Only the import reads multipart bodies: the parser lives in this route's scope.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: CHAIN_FILE_BYTES_MAX, files: 1, fields: 4, fieldSize: 100, parts: 6 },
      throwFileSizeLimit: false,
    });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/api/teams/:id/imports',
      {
        config: { access: 'signed-in' },
        bodyLimit: CHAIN_FILE_BYTES_MAX + 64 * 1024,
        schema: {
          tags,
          summary:
            'Bring a chain’s locations, ovens or members in from a CSV or XLSX file (multipart: kind, dry_run, file). A dry run answers what applying would do and every problem; applying answers 202 with a job that writes all of it, or nothing',
          description: `Columns by header, in any order, case aside: locations \`name\`, \`address\`; ovens \`name\`, \`model\`, \`location\` (by name); members \`email\`, \`role\` (owner, manager, store, crew), \`locations\` (names separated by \`;\`). CSV in UTF-8 (with or without a byte-order mark), \`,\` or \`;\` between cells. At most ${CHAIN_FILE_BYTES_MAX / 1048576} MB; 5,000 locations, 10,000 ovens or 3,000 members. Each problem has its row (the header is row 1), column, message in the reader's language, and key and params. Applying a file with any problem answers 422 with them and writes nothing; the same file applied again changes nothing. Owners and managers only.`,
          params: teamParams,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ data: importPreview }),
            202: jobResponse,
            403: errorResponse,
            404: errorResponse,
            413: errorResponse,
            422: importRefusal,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw ValidationError.field('file', said('ruleMessages.importMultipart'));
        const user = currentUser(request);
        const actor: ImportActor = {
          id: user.id,
          username: user.username,
          language: user.language ?? languageFromHeader(request.headers['accept-language']),
        };
        const teamId = request.params.id;
        const { fields, rows, unreadable } = await uploaded(request, async (sent) => {
          const kind = importFields.shape.kind.safeParse(sent.kind);
          if (kind.success) await imports.mayImport(user.id, teamId, kind.data);
        });
        const parsed = importFields.safeParse(fields);
        if (!parsed.success)
          throw ValidationError.fromIssues(
            parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], said: saidOf(i) })),
          );
        if (rows === null) throw ValidationError.field('file', said('ruleMessages.importChooseFile'));
        const { kind, dry_run } = parsed.data;
        const file = unreadable
          ? { kind, rows: [], problems: [unreadable.problem] }
          : await imports.read(kind, fromArray(rows));
        if (dry_run === 'true') return { data: await imports.preview(actor, teamId, file) };
        await imports.mustApply(actor, teamId, file);
        const job = await deps.runner.enqueue<ImportJob>({
          userId: user.id,
          sessionHash: currentSessionHash(request),
          kind: 'chain-import',
          params: { actor, teamId, file },
          total: file.rows.length,
        });
        return reply.code(202).send({ data: jobReply(job) });
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/teams/:id/exports/:file',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'The team’s locations, ovens or members as a file: /exports/{locations|ovens|members}.{csv|xlsx}, in the columns an import reads (a cell a spreadsheet would run as a formula starts with an apostrophe in CSV). Owners and managers only',
        params: exportParams,
      },
    },
    async (request, reply) => {
      const { kind, format } = request.params.file;
      const file = await exports.file(currentUser(request).id, request.params.id, kind, format);
      return reply
        .type(file.type)
        .header('content-disposition', contentDisposition('attachment', file.name))
        .send(file.bytes);
    },
  );

  r.get(
    '/api/imports/examples/:file',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'An example file of a kind, to fill in: /api/imports/examples/{locations|ovens|members}.csv',
        params: exampleParams,
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${request.params.file}-example.csv`))
        .send(exports.example(request.params.file)),
  );

  deps.runner.register<ImportJob>(
    'chain-import',
    ({ job, step }): Promise<ImportResult> =>
      imports.apply(job.params.actor, job.params.teamId, job.params.file, step),
  );
}

async function* fromArray(rows: FileRow[]): AsyncGenerator<FileRow> {
  yield* rows;
}
