import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../shared/contracts/common';
import { jobResponse } from '../../../shared/contracts/jobs';
import {
  checkFileRequest,
  checkFileResult,
  fileIdParams,
  fileProblem,
  importSettingsQuery,
  importSettingsRequest,
  importStats,
  loadedResult,
  menuRecipesResponse,
  offlineDownloadRequest,
  offlineDownloadResult,
  SETTINGS_FILE_MAX_BYTES,
  type ShareKind,
  settingsDownload,
  settingsZipRequest,
  shareParams,
  shareRequest,
} from '../../../shared/contracts/settings-files';
import { mailboxOf } from '../../../shared/domain/email';
import type { Actor } from '../../../shared/domain/permissions';
import type { TemperatureUnit } from '../../../shared/domain/temperature';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '../../../shared/i18n/languages';
import { said } from '../../../shared/i18n/said';
import { contentDisposition } from '../../http/content-disposition';
import { fastJson } from '../../http/fast-json';
import { jobReply, type ZipDownloadParams } from '../../http/job-reply';
import { jsonInSlices } from '../../http/json-in-slices';
import type { RateLimits } from '../../http/rate-limits';
import { enforceRateLimit } from '../../http/rate-limits';
import { currentSessionHash, currentUser } from '../../http/request-user';
import { NotFoundError, ValidationError } from '../../lib/errors';
import type { JobRunner } from '../../lib/job-runner';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { SettingsFilesService } from './settings-files.service';
import { USB_GUIDES, type UsbGuide, usbGuidePdf } from './usb-guides';

// A full MiLO's import answer is 16 MB: written in slices, so no one waits for all of it at once.
const JSON_TYPE = 'application/json; charset=utf-8';
// The stream is the same JSON text as the typed reply (the schema still documents it).
const inSlices = <T>(value: T) => jsonInSlices(value) as unknown as T;

const tags = ['Settings files'];

/**
 * No route takes more than the file limit, whatever the encoding: the largest real file (a full MiLO, 15 MB)
 * grows by 2% as JSON, so a file's JSON body fits the same 24 MB.
 */
const FILE_BODY_LIMIT = SETTINGS_FILE_MAX_BYTES;
const fileErrorResponse = errorResponse.extend({ problems: z.array(fileProblem).optional() });
const EXPIRED_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Download expired</title><p>This download has expired, or was prepared for another sign-in. Go back to My Ovens and press Download Oven Settings again.</p>';
/** What a share carries from the request to whichever process builds and sends it. */
/** Who asked, as a job carries it to whichever process runs it: who may, and how their files and mails read. */
type JobActor = Actor & { username: string; temperature_unit: TemperatureUnit; language?: Language | null };
const jobActor = (user: JobActor): JobActor => ({
  id: user.id,
  role: user.role,
  team: user.team,
  username: user.username,
  temperature_unit: user.temperature_unit,
  language: user.language,
});

type ShareJob = {
  actor: JobActor;
  kind: ShareKind;
  ovenId: number;
  to: string;
};
/** What a zip job carries from the request to whichever process runs it. */
type ZipJob = {
  actor: JobActor;
  ovenIds: number[];
  /** Where the zip is written as it is built (absent in jobs queued before zips streamed). */
  download?: ZipDownloadParams;
};

export async function settingsFilesRoutes(
  app: FastifyInstance,
  deps: {
    files: SettingsFilesService;
    limiter: RateLimiter;
    limits: RateLimits;
    provider: string;
    runner: JobRunner;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { files } = deps;

  r.post(
    '/api/ovens/:id/check-file',
    {
      bodyLimit: FILE_BODY_LIMIT,
      // Records what the oven runs and tells the webhooks: a write, for a token.
      config: { access: 'settings.download', token: 'files:write', allowNul: ['data'] },
      schema: {
        tags,
        summary:
          'Check a settings file copied off this oven: which version Hearth handed out, or how it differs from the latest version; recorded as what the oven runs',
        params: fileIdParams,
        body: checkFileRequest,
        response: { 200: checkFileResult, 404: errorResponse, 413: errorResponse, 422: fileErrorResponse },
      },
    },
    async (request) => files.checkFile(currentUser(request), request.params.id, request.body.data),
  );

  r.post(
    '/api/files',
    {
      ...fastJson,
      bodyLimit: FILE_BODY_LIMIT,
      config: { access: 'ovens.import', allowNul: ['data'] },
      schema: {
        tags,
        summary:
          'Import an oven from its settings file: oven_name, oven_type and data (the file as text). Answers the import statistics.',
        description: `A file that breaks any rule creates nothing and answers 422 with every problem (line, column, field, message) in \`problems\`. Files above ${SETTINGS_FILE_MAX_BYTES / 1048576} MB answer 413.`,
        body: importSettingsRequest,
        response: { 201: importStats, 413: errorResponse, 422: fileErrorResponse },
      },
    },
    async (request, reply) => {
      const { oven_name, oven_type, data, location_id } = request.body;
      const stats = await files.importFile(currentUser(request), {
        oven_name,
        oven_type,
        location_id,
        bytes: Buffer.from(data, 'utf8'),
      });
      return reply.code(201).type(JSON_TYPE).send(inSlices(stats));
    },
  );

  // The same import with the file as raw bytes, for scripts and tools (the web app sends JSON, as spec §7 says).
  // Only this route reads raw bytes: every other route answers 415 to them instead of buffering 24 MB.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const scoped = scope.withTypeProvider<ZodTypeProvider>();
    scoped.post(
      '/api/files/raw',
      {
        config: { access: 'ovens.import' },
        ...fastJson,
        bodyLimit: SETTINGS_FILE_MAX_BYTES,
        schema: {
          tags,
          summary:
            'The same import with the file as raw bytes (Content-Type: application/octet-stream), oven_name and oven_type in the query',
          querystring: importSettingsQuery,
          response: { 201: importStats, 413: errorResponse, 422: fileErrorResponse },
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body))
          throw ValidationError.field('data', said('ruleMessages.sendOctet'));
        const stats = await files.importFile(currentUser(request), {
          ...request.query,
          bytes: new Uint8Array(request.body),
        });
        return reply.code(201).type(JSON_TYPE).send(inSlices(stats));
      },
    );
  });

  r.get(
    '/api/files/:id',
    {
      config: { access: 'settings.download' },
      schema: {
        tags,
        summary:
          "Build an oven's settings file for its USB port; download it from /storage/settings/{file} within 15 minutes",
        params: fileIdParams,
        response: { 200: settingsDownload, 404: errorResponse, 422: fileErrorResponse },
      },
    },
    async (request) =>
      files.prepareDownload(currentUser(request), request.params.id, currentSessionHash(request)),
  );

  r.post(
    '/api/files/zip',
    {
      config: { access: 'settings.download' },
      schema: {
        tags,
        summary:
          'Start building the settings files of several ovens (or of every oven in a location, at most 200) as one zip, a folder per location and per USB stick, with a printable checklist. Answers 202 with the job and the zip’s address (download.file): fetched at once from /storage/settings/{file} it streams as the files are built (cut off if the build fails); when GET /api/jobs/{id} says done, both files can be downloaded within 15 minutes, with the same session',
        body: settingsZipRequest,
        response: { 202: jobResponse, 404: errorResponse, 422: fileErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { ovenIds, place } = await files.zipOvens(user, request.body);
      const sessionHash = currentSessionHash(request);
      // The zip's address exists before its job runs: a download of it streams the parts as they are built.
      const { token, name } = await files.startZip(user, sessionHash, place);
      const job = await deps.runner
        .enqueue<ZipJob>({
          userId: user.id,
          sessionHash,
          kind: 'settings-zip',
          params: {
            actor: jobActor(user),
            ovenIds,
            download: { token, name },
          },
          total: ovenIds.length,
        })
        .catch(async (error: unknown) => {
          await files.discardZip(token);
          throw error;
        });
      return reply.code(202).send({ data: jobReply(job) });
    },
  );
  deps.runner.register<ZipJob>('settings-zip', ({ job, step }) =>
    files.buildZip(
      job.params.actor,
      {
        ovenIds: job.params.ovenIds,
        sessionHash: job.sessionHash,
        token: job.params.download?.token,
        fileName: job.params.download?.name,
      },
      step,
    ),
  );

  r.get(
    '/api/ovens/:id/menu.pdf',
    {
      config: { access: 'ovens.read' },
      schema: {
        tags,
        summary:
          "The oven's menu as a PDF (every screen, category, page and recipe with its stages), in your language and unit: the same PDF sharing by e-mail attaches, to save or print",
        params: fileIdParams,
        response: { 200: z.any().describe('application/pdf'), 404: errorResponse, 422: fileErrorResponse },
      },
    },
    async (request, reply) => {
      const { fileName, bytes } = await files.menuPdfOf(currentUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .send(bytes);
    },
  );

  r.get(
    '/api/ovens/:id/recipes',
    {
      config: { access: 'settings.download' },
      schema: {
        tags,
        summary:
          "Every recipe on the oven's menu, in its settings file's order: what an app needs to build the file itself offline",
        params: fileIdParams,
        response: { 200: menuRecipesResponse, 404: errorResponse },
      },
    },
    async (request) => ({ data: await files.menuRecipes(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/ovens/:id/downloaded',
    {
      config: { access: 'settings.download', token: 'files:write' },
      schema: {
        tags,
        summary:
          'Record a settings file an app built offline (its checksum and when), as a download made then; recorded once',
        params: fileIdParams,
        body: offlineDownloadRequest,
        response: {
          200: z.object({ data: offlineDownloadResult }),
          404: errorResponse,
          422: fileErrorResponse,
        },
      },
    },
    async (request) => ({
      data: await files.recordOfflineDownload(currentUser(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/api/ovens/:id/loaded',
    {
      config: { access: 'settings.download', token: 'files:write' },
      schema: {
        tags,
        summary:
          "Record that the oven's last downloaded settings file was loaded on it (the fleet page then counts it as running that file)",
        params: fileIdParams,
        response: { 200: z.object({ data: loadedResult }), 404: errorResponse, 422: errorResponse },
      },
    },
    async (request) => ({ data: await files.markLoaded(currentUser(request), request.params.id) }),
  );

  r.get(
    '/storage/settings/:token/:file',
    {
      // Only for the session that prepared it: any other, a guest included (a browser opening the link itself),
      // gets the readable "expired" page, not a JSON 401.
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'A prepared settings file (or zip, or checklist), under the name the oven reads; only to the session that prepared it (send its bearer token), for 15 minutes',
        params: z.object({ token: z.string().regex(/^[\w-]{10,64}$/), file: z.string().max(160) }),
      },
    },
    async (request, reply) => {
      try {
        const opened = await files.openDownload(
          request.params.token,
          request.params.file,
          request.sessionTokenHash,
        );
        const { fileName } = opened;
        const type = fileName.endsWith('.zip')
          ? 'application/zip'
          : fileName.endsWith('.pdf')
            ? 'application/pdf'
            : 'application/octet-stream';
        reply
          .type(type)
          .header('content-disposition', contentDisposition('attachment', fileName))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff');
        if ('bytes' in opened) return reply.send(opened.bytes);
        // A zip streams its parts as they are built; its length is known once it is complete.
        if (opened.size !== null) reply.header('content-length', opened.size);
        return reply.send(Readable.from(opened.parts));
      } catch (error) {
        if (error instanceof NotFoundError) return reply.code(404).type('text/html').send(EXPIRED_PAGE);
        throw error;
      }
    },
  );

  r.post(
    '/api/ovens/:kind/:id',
    {
      config: { access: 'settings.share' },
      schema: {
        tags,
        summary:
          "E-mail an oven's settings file (kind=settings) or its menu as a PDF (kind=recipes) to an address",
        params: shareParams,
        body: shareRequest,
        response: { 202: jobResponse, 404: errorResponse, 422: fileErrorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { email } = request.body;
      const { kind, id } = request.params;
      await files.shareable(user, id);
      await enforceRateLimit(deps.limiter, [
        { key: `share:user:${user.id}`, rule: deps.limits.sharePerUser },
        // chef+1@… and chef+2@… fill one inbox: the limit counts the mailbox, not the spelling.
        { key: `share:to:${mailboxOf(email)}`, rule: deps.limits.sharePerRecipient },
      ]);
      // The file or the menu PDF is built by a job, then the mail is kept in the outbox and sent.
      const job = await deps.runner.enqueue<ShareJob>({
        userId: user.id,
        sessionHash: currentSessionHash(request),
        kind: 'share',
        params: {
          actor: jobActor(user),
          kind,
          ovenId: id,
          to: email,
        },
        total: 1,
      });
      return reply.code(202).send({ data: jobReply(job) });
    },
  );
  deps.runner.register<ShareJob>('share', async ({ job, step }) => {
    const sent = await files.share(job.params.actor, job.params.kind, job.params.ovenId, job.params.to);
    await step(1, 1);
    return sent;
  });

  // The spec's GET sent mail, so a prefetch, a HEAD or a link in a page could send it too; it now only says where
  // the share went.
  r.get(
    '/api/ovens/:kind/:id',
    {
      config: { access: 'settings.share' },
      schema: {
        tags,
        summary: 'Moved: sharing is POST /api/ovens/{kind}/{id} with {"email": …}; this answers 405',
        params: shareParams,
        response: { 405: errorResponse },
      },
    },
    async (request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          message: `Sharing sends an e-mail, so it is a POST: POST /api/ovens/${request.params.kind}/${request.params.id} with {"email": "…"}.`,
        }),
  );

  // One PDF per guide and language, made once: four languages of two guides.
  const guides = new Map<string, Promise<Buffer>>();
  r.get(
    '/guides/usb/:guide',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The USB transfer guides (milo-misa.pdf, matchbox-shuttle-conveyor.pdf), in the language asked for (?lang=de; English by default)',
        params: z.object({ guide: z.string() }),
        querystring: z.object({ lang: z.enum(LANGUAGE_CODES).optional() }),
      },
    },
    async (request, reply) => {
      const key = request.params.guide.replace(/\.pdf$/, '') as UsbGuide;
      if (!Object.hasOwn(USB_GUIDES, key)) throw new NotFoundError('Guide');
      const language = request.query.lang ?? DEFAULT_LANGUAGE;
      const cacheKey = `${key}/${language}`;
      let pdf = guides.get(cacheKey);
      if (!pdf) {
        pdf = usbGuidePdf(key, deps.provider, language);
        guides.set(cacheKey, pdf);
        pdf.catch(() => guides.delete(cacheKey));
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="usb-guide-${key}.pdf"`)
        .header('cache-control', 'public, max-age=3600')
        .send(await pdf);
    },
  );
}
