import type { Job } from '../../shared/contracts/jobs';
import type { JobRow } from '../db/job-store';

/** A job row as the API shows it (GET /api/jobs/{id}, and the 202 of the request that queued it). */
export function jobReply(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
    result: row.status === 'done' ? row.result : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  } as Job;
}
