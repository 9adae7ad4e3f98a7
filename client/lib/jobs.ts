import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Job, JobKind, JobOf } from '../../shared/contracts/jobs';
import { isFinished } from '../../shared/domain/job';
import { ApiError, api } from './api';

export type JobProgress = Job['progress'];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a job the server queued (GET /api/jobs/{id}) until it is done, telling how far it is; answers its result,
 * or throws its error as an ApiError so the page shows it like any refused call. Polls quickly at first (most jobs
 * take a second), then every second.
 */
export async function finishJob<K extends JobKind>(
  queued: JobOf<K>,
  onProgress?: (progress: JobProgress) => void,
): Promise<NonNullable<JobOf<K>['result']>> {
  let job: Job = queued;
  for (let attempt = 0; ; attempt++) {
    onProgress?.(job.progress);
    if (isFinished(job)) break;
    await wait(attempt < 10 ? 250 : 1000);
    job = (await api<{ data: Job }>('GET', `/api/jobs/${queued.id}`)).data;
  }
  if (job.status === 'failed' || !job.result)
    throw new ApiError(
      422,
      job.error ?? 'This did not finish.',
      {},
      job.error_said ?? { key: 'ruleMessages.notFinished' },
    );
  return job.result as NonNullable<JobOf<K>['result']>;
}

/**
 * A mutation whose call queues a job: it stays pending until the job is done, and `progress` says how far it is
 * (null before the first answer), for the page to show "12 of 120 ovens".
 */
export function useJobMutation<V, K extends JobKind, R = NonNullable<JobOf<K>['result']>>(options: {
  start: (variables: V) => Promise<JobOf<K>>;
  then?: (result: NonNullable<JobOf<K>['result']>, variables: V) => R | Promise<R>;
  onSuccess?: (result: R, variables: V) => unknown;
}) {
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const mutation = useMutation({
    mutationFn: async (variables: V): Promise<R> => {
      setProgress(null);
      const result = await finishJob(await options.start(variables), setProgress);
      return options.then ? options.then(result, variables) : (result as unknown as R);
    },
    onSuccess: options.onSuccess,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
