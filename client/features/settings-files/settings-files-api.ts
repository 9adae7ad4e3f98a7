import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  CheckFileResult,
  ImportSettingsRequest,
  ImportStats,
  LoadedResult,
  SettingsDownload,
  SettingsZip,
  SettingsZipRequest,
  ShareKind,
  ShareResult,
} from '../../../shared/contracts/settings-files';
import { api, apiUpload, type UploadProgress } from '../../lib/api';

/** POST /api/files with the upload's progress; `cancel` stops an upload on its way. */
export function useImportOven() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (body: ImportSettingsRequest) => {
      const abort = new AbortController();
      setController(abort);
      setProgress({ phase: 'sending', sent: 0, total: 1 });
      return apiUpload<ImportStats>('POST', '/api/files', body, setProgress, abort.signal);
    },
    onSettled: () => {
      setProgress(null);
      setController(null);
    },
  });
  return { ...mutation, progress, cancel: () => controller?.abort() };
}

/** GET /api/files/{id}: builds the oven's file; the browser then fetches /storage/settings/{file}. */
export function usePrepareDownload() {
  return useMutation({
    mutationFn: (ovenId: number) => api<SettingsDownload>('GET', `/api/files/${ovenId}`),
  });
}

export const downloadUrl = (prepared: SettingsDownload) => `/storage/settings/${prepared.file}`;

/** POST /api/ovens/{settings|recipes}/{id} with the address (spec §7's GET, made a write: decision 0025). */
export function useShareOven() {
  return useMutation({
    mutationFn: ({ kind, ovenId, email }: { kind: ShareKind; ovenId: number; email: string }) =>
      api<ShareResult>('POST', `/api/ovens/${kind}/${ovenId}`, { email }),
  });
}

/** The USB transfer guides (spec §2.7): one for MiLO/MiSA, one for Matchbox, Shuttle and Conveyor. */
export const USB_GUIDE_LINKS = {
  rcp: { href: '/guides/usb/milo-misa.pdf', label: 'USB guide for MiLO and MiSA ovens' },
  ai2: {
    href: '/guides/usb/matchbox-shuttle-conveyor.pdf',
    label: 'USB guide for Matchbox, Shuttle and Conveyor ovens',
  },
} as const;

/** POST /api/ovens/{id}/check-file: which version a file copied off the oven holds, and when it was handed out. */
export function useCheckOvenFile() {
  return useMutation({
    mutationFn: ({ ovenId, data }: { ovenId: number; data: string }) =>
      api<CheckFileResult>('POST', `/api/ovens/${ovenId}/check-file`, { data }),
  });
}

/** POST /api/files/zip: many ovens' files and the USB checklist, fetched from /storage/settings/{file}. */
export function usePrepareZip() {
  return useMutation({
    mutationFn: (body: SettingsZipRequest) =>
      api<{ data: SettingsZip }>('POST', '/api/files/zip', body).then((r) => r.data),
  });
}

/** POST /api/ovens/{id}/loaded: a manager says the last downloaded file is now on the oven. */
export function useMarkLoaded(onLoaded: () => unknown) {
  return useMutation({
    mutationFn: (ovenId: number) =>
      api<{ data: LoadedResult }>('POST', `/api/ovens/${ovenId}/loaded`).then((r) => r.data),
    onSuccess: onLoaded,
  });
}
