/**
 * Request body limits: small by default, so a stray client cannot make the server parse megabytes; a route that
 * takes an upload sets its own at the contract's maximum (a 413 names the limit).
 */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Routes without a body schema read no body: a logout's `{}` fits, a stray upload does not. */
export const NO_BODY_LIMIT = 16 * 1024;
/** A recipe with its photo (5 MB, base64 in JSON: about 6.7 MB). */
export const RECIPE_BODY_LIMIT = 8 * 1024 * 1024;
