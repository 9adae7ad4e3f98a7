/**
 * The oven a user last had open on the Ovens page, kept on this device, so the page opened again (from the menu, a
 * bookmark without an oven, the next shift on the same tablet) shows it rather than the first oven of the list.
 * Per user: a shared kitchen tablet signs different people in.
 */
const keyOf = (userId: number) => `hearth_last_oven_${userId}`;

export const lastOven = {
  get(userId: number): number | undefined {
    try {
      return Number(localStorage.getItem(keyOf(userId))) || undefined;
    } catch {
      return undefined; // Storage refused (private mode, a locked-down browser): nothing remembered.
    }
  },
  set(userId: number, ovenId: number) {
    try {
      localStorage.setItem(keyOf(userId), String(ovenId));
    } catch {
      // Storage full or refused: the page still works, it only forgets.
    }
  },
  forget(userId: number) {
    try {
      localStorage.removeItem(keyOf(userId));
    } catch {
      // As above.
    }
  },
};
