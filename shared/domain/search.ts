/**
 * How a search compares names: case and the accents of Latin letters aside, so "cafe" finds "Café" and "crème"
 * finds "Creme". The database keeps each searched name folded the same way (migration 0019 holds this pair in its
 * `search_fold`, and a test holds the two to each other); the client filters a loaded list with it.
 */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľŁłŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž';
export const FOLD_TO =
  'aaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzz';

const folding = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]!]));

/** `text` lower-cased, each accented Latin letter as its base letter; every other sign as it is. */
export function searchFold(text: string): string {
  let out = '';
  // Letter by letter: "İ".toLowerCase() is two signs ("i" and a dot above), the database's lower() one.
  for (const sign of text) out += folding.get(sign) ?? sign.toLowerCase();
  return out;
}

/** Digits a number is padded to in a sort key; a longer number keeps its digits (and sorts by them as text). */
export const SORT_DIGITS = 12;

/**
 * How lists order names: folded as searches compare them, and each run of digits padded with zeros, so numbers go
 * by value ("Store 9" before "Store 10", "line 2" before "Line 10"). The database keeps each listed name's key on
 * write with its `natural_sort_key` (migration 0022), held to this one by a test.
 */
export function sortKey(name: string): string {
  return searchFold(name).replace(/[0-9]+/g, (digits) => digits.padStart(SORT_DIGITS, '0'));
}
