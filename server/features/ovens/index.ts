/**
 * The ovens feature's public API: what other features (chains of menus, settings files, recipes) may use of an
 * oven and its menu. Everything else in this folder is internal; the lint fences refuse a deeper import.
 */

export { menusUsing, type OvenRow, onMenuInReach, ownOven } from './menu-access';
export { loadMenus, replaceMenus } from './menu-bulk-store';
export { currentMenuSnapshot, recipeSnapshot } from './menu-snapshot';
export { createOvenWithMenu, loadMenu, treeFromRows, withoutIds } from './menu-store';
export {
  markAtVersions,
  saveVersions,
  type VersionSaved,
  versionCounts,
  withCurrentNames,
} from './menu-versions-bulk';
