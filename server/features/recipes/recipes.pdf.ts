import type { TemperatureUnit } from '../../../shared/domain/temperature';
import type { Language } from '../../../shared/i18n/languages';
import { drawRecipe, INK, MUTED, type PdfRecipe, startDocument } from '../../lib/pdf';

/**
 * Writes recipes into a PDF stream as they arrive, so a long list never sits whole in memory.
 * `intro` is printed under the header of the first page (what was asked for, and how many).
 */
export function recipesPdf(
  source: AsyncIterable<PdfRecipe>,
  options: {
    provider: string;
    title: string;
    intro?: string;
    empty: string;
    unit: TemperatureUnit;
    language?: Language;
  },
): PDFKit.PDFDocument {
  const doc = startDocument(options);
  (async () => {
    if (options.intro) {
      doc.useFont('regular').fontSize(10).fillColor(MUTED).write(options.intro);
      doc.moveDown(1);
    }
    let count = 0;
    for await (const item of source) {
      drawRecipe(doc, item, options.provider, options.title, options.unit);
      count += 1;
    }
    if (count === 0) doc.useFont('regular').fontSize(12).fillColor(INK).text(options.empty);
    doc.end();
  })().catch((error) => doc.emit('error', error));
  return doc;
}
