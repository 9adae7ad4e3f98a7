/**
 * Names both sides agree on for every call (spec §7), kept apart from the schemas so the first page a tablet
 * loads does not need the validation library to make a request.
 */

/** Local-storage key of the bearer token (spec §9: named after the product's auth token). */
export const AUTH_TOKEN_STORAGE_KEY = 'hearth_auth_token';
/** Double-submit CSRF: the server sets this cookie, the client echoes it in the header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
