// The catalogue's parts, made at build time by scripts/catalog-parts-plugin.ts.
declare module 'virtual:catalog-en-first' {
  // Only the keys the first screen names, typed as the whole so i18next's key types hold.
  const catalog: import('../shared/i18n/catalogs').Catalog;
  export default catalog;
}
declare module 'virtual:catalog-parts' {
  // `first`, `rest` or `route-<file>`.
  export function loadCatalog(language: string, part: string): Promise<{ default: object }>;
}
