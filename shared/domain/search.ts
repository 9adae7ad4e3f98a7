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
