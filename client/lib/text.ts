/** Oven type names break after their slashes, never inside a model number ("2600/2000/1400"). */
export const breakAfterSlashes = (text: string) => text.replaceAll('/', '/\u200b');
