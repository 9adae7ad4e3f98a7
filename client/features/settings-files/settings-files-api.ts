import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobOf } from '../../../shared/contracts/jobs';
import type {
  CheckFileResult,
  ImportSettingsRequest,
  ImportStats,
  LoadedResult,
  SettingsDownload,
  SettingsZipRequest,
  ShareKind,
} from '../../../shared/contracts/settings-files';
import { isLanguage } from '../../../shared/i18n/languages';
import { api, apiDownload, apiUpload, type UploadProgress } from '../../lib/api';
import { useJobMutation } from '../../lib/jobs';

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

/**
 * Saves a prepared file (a settings file, a zip, a checklist) under its name: fetched with this session's token,
 * since a prepared file answers only to the session that asked for it.
 */
export function savePrepared(prepared: Pick<SettingsDownload, 'file' | 'name'>): Promise<void> {
  return apiDownload(`/storage/settings/${prepared.file}`, prepared.name);
}

export function useSavePrepared() {
  return useMutation({ mutationFn: savePrepared });
}

/**
 * POST /api/ovens/{settings|recipes}/{id} with the address (spec §7's GET, made a write: decision 0025). The
 * server builds the file or the menu PDF as a job and mails it; the mutation answers once it is sent.
 */
export function useShareOven() {
  return useJobMutation<{ kind: ShareKind; ovenId: number; email: string }, 'share'>({
    start: ({ kind, ovenId, email }) =>
      api<{ data: JobOf<'share'> }>('POST', `/api/ovens/${kind}/${ovenId}`, { email }).then((r) => r.data),
  });
}

/** The USB transfer guides (spec §2.7): one for MiLO/MiSA, one for Matchbox, Shuttle and Conveyor. */
const USB_GUIDE_PATHS = {
  rcp: '/guides/usb/milo-misa.pdf',
  ai2: '/guides/usb/matchbox-shuttle-conveyor.pdf',
} as const;

/** A guide in the reader's language (the pseudo-locale reads the English one). */
export const usbGuideHref = (family: keyof typeof USB_GUIDE_PATHS, language: string) =>
  isLanguage(language) && language !== 'en'
    ? `${USB_GUIDE_PATHS[family]}?lang=${language}`
    : USB_GUIDE_PATHS[family];

/** POST /api/ovens/{id}/check-file: which version a file copied off the oven holds, and when it was handed out. */
export function useCheckOvenFile() {
  return useMutation({
    mutationFn: ({ ovenId, data }: { ovenId: number; data: string }) =>
      api<CheckFileResult>('POST', `/api/ovens/${ovenId}/check-file`, { data }),
  });
}

/**
 * POST /api/files/zip queues the zip of many ovens' files and the USB checklist; the mutation follows the job
 * (`progress`: ovens built so far) and answers both files, to save with savePrepared.
 */
export function usePrepareZip() {
  return useJobMutation<SettingsZipRequest, 'settings-zip'>({
    start: (body) => api<{ data: JobOf<'settings-zip'> }>('POST', '/api/files/zip', body).then((r) => r.data),
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

/** GET /api/ovens/{id}/menu.pdf: the menu as the PDF a share attaches, saved to print or keep. */
export function useDownloadMenuPdf() {
  return useMutation({ mutationFn: (ovenId: number) => apiDownload(`/api/ovens/${ovenId}/menu.pdf`) });
}
