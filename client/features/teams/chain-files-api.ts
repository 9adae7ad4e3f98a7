import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview } from '../../../shared/contracts/chain-files';
import type { JobOf } from '../../../shared/contracts/jobs';
import type { ChainFileKind } from '../../../shared/domain/chain-files';
import { apiDownload, apiForm } from '../../lib/api';
import { useJobMutation } from '../../lib/jobs';

const form = (kind: ChainFileKind, dryRun: boolean, file: File) => {
  const body = new FormData();
  // The fields before the file: the server knows what the file holds before it reads it.
  body.append('kind', kind);
  body.append('dry_run', String(dryRun));
  body.append('file', file);
  return body;
};

/** A dry run: what importing the file would do, and every problem. */
export function useCheckChainFile(teamId: number, kind: ChainFileKind) {
  return useMutation({
    mutationFn: (file: File) =>
      apiForm<{ data: ImportPreview }>(`/api/teams/${teamId}/imports`, form(kind, true, file)).then(
        (r) => r.data,
      ),
  });
}

/** Importing the file, followed as a job; everything cached is read again once it is in. */
export function useApplyChainFile(teamId: number, kind: ChainFileKind) {
  const queryClient = useQueryClient();
  return useJobMutation({
    start: (file: File) =>
      apiForm<{ data: JobOf<'chain-import'> }>(`/api/teams/${teamId}/imports`, form(kind, false, file)).then(
        (r) => r.data,
      ),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The team's rows of a kind, saved as a file. */
export const downloadChainFile = (teamId: number, kind: ChainFileKind, format: 'csv' | 'xlsx') =>
  apiDownload(`/api/teams/${teamId}/exports/${kind}.${format}`);

/** The example file of a kind. */
export const downloadExample = (kind: ChainFileKind) => apiDownload(`/api/imports/examples/${kind}.csv`);
