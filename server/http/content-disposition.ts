/**
 * A Content-Disposition header for a file name in any script ("hearth-settings-東京-2026-11-28.zip"): a plain ASCII
 * fallback for old clients and the exact name as RFC 6266's `filename*` (UTF-8, percent-encoded), since a header
 * may hold no character above U+00FF.
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  const exact = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return fallback === fileName
    ? `${kind}; filename="${fallback}"`
    : `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
