/** Storage refused or full (private mode, a locked-down browser): the page still works, it only forgets. */
export function attemptStorage<T>(use: () => T): T | undefined {
  try {
    return use();
  } catch {
    return undefined;
  }
}
