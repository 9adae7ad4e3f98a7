/** A page of ovens: by models, a location (or 'none'), not in a location, and a search. */
export interface OvenPageFilters {
  types: string;
  location: string;
  outside?: number;
  search: string;
  page: number;
}

/**
 * The ovens feature's query keys, apart from its requests: the app's first screen and the offline sync name them
 * without loading the editor's code.
 */
export const ovenKeys = {
  all: ['ovens'] as const,
  lists: ['ovens', 'list'] as const,
  page: (filters: OvenPageFilters) => ['ovens', 'list', 'page', filters] as const,
  one: (id: number) => ['ovens', 'one', id] as const,
  derived: ['ovens', 'derived'] as const,
  locations: ['ovens', 'derived', 'locations'] as const,
  versions: (ovenId: number) => ['ovens', 'versions', ovenId] as const,
  diff: (ovenId: number, versionId: number, ovenVersion: number) =>
    ['ovens', 'versions', ovenId, 'diff', versionId, ovenVersion] as const,
};
