import type { Job } from '../../shared/contracts/jobs';
import { asWritten } from '../../shared/i18n/said';
import type { JobRow } from '../db/job-store';

/** Where a zip job writes its zip: the address its download streams from while the job runs. */
export interface ZipDownloadParams {
  token: string;
  name: string;
}

/** A job row as the API shows it (GET /api/jobs/{id}, and the 202 of the request that queued it). */
export function jobReply(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
    error_said: row.errorSaid ?? (row.error === null ? null : asWritten(row.error)),
    result: row.status === 'done' ? row.result : null,
    ...(row.kind === 'settings-zip' ? { download: zipDownload(row.params) } : {}),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  } as Job;
}

function zipDownload(params: unknown): { file: string; name: string } | null {
  const download = (params as { download?: ZipDownloadParams }).download;
  return download ? { file: `${download.token}/${download.name}`, name: download.name } : null;
}
