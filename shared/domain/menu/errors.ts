import type { Said } from '../../i18n/said';

/**
 * What a menu rule is about, in the menu's own words. The HTTP layer names the request field it concerns
 * (`menuErrorField` in shared/contracts/menus); the error handler picks the status once.
 */
export type MenuSubject =
  | 'screen'
  | 'screens'
  | 'target-screen'
  | 'slot'
  | 'source-slot'
  | 'target-slot'
  | 'category'
  | 'button'
  | 'recipe'
  | 'name'
  | 'icon'
  | 'color'
  | 'favorite';

/** A rule an operation would break: what it is about and the words to show. */
export class MenuError extends Error {
  override readonly name = 'MenuError';
  constructor(
    readonly subject: MenuSubject,
    readonly said: Said,
    /** The thing named is not on this oven's menu at all (a 404, not a refused change). */
    readonly missing = false,
  ) {
    // The key, for logs: each reader says it in their language from `said`.
    super(said.key);
  }
}
