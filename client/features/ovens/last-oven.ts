/**
 * The oven a user last had open on the Ovens page, kept on this device, so the page opened again (from the menu, a
 * bookmark without an oven, the next shift on the same tablet) shows it rather than the first oven of the list.
 * Per user: a shared kitchen tablet signs different people in.
 */
import { attemptStorage as attempt } from '../../lib/device-storage';

/** Read by the page's first requests too (`client/first-requests.ts`), before any module runs. */
export const LAST_OVEN_KEY_PREFIX = 'hearth_last_oven_';
const keyOf = (userId: number) => `${LAST_OVEN_KEY_PREFIX}${userId}`;

export const lastOven = {
  get: (userId: number): number | undefined =>
    Number(attempt(() => localStorage.getItem(keyOf(userId)))) || undefined,
  set: (userId: number, ovenId: number) => attempt(() => localStorage.setItem(keyOf(userId), String(ovenId))),
  forget: (userId: number) => attempt(() => localStorage.removeItem(keyOf(userId))),
};

/**
 * The oven My Ovens opens before its list is read: the one in the address, else (no filter chosen) the one this
 * person had open last on this device; without either, the page opens the list's first. One rule for the page and
 * for what the app fetches before drawing it.
 */
export function ovenAsked(params: URLSearchParams, remembered: number | undefined) {
  const fromAddress = Number(params.get('oven')) || undefined;
  const filtered = (params.get('model') ?? 'All') !== 'All' || (params.get('location') ?? '') !== '';
  return { fromAddress, fromMemory: fromAddress === undefined && !filtered ? remembered : undefined };
}
