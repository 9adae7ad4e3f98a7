/** Where a job stands (heavy work followed by the page that asked for it: spec §7's 202 answers). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job is over, well or not: the page stops asking once it is. */
export const isFinished = (job: { status: JobStatus }): boolean =>
  job.status === 'done' || job.status === 'failed';
