import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { translator } from '../../lib/i18n';
import { ensureRoom, INK, LINE, MARGIN, MUTED, pdfBytes, startDocument } from '../../lib/pdf';

export interface ChecklistStick {
  stick: number;
  location: string;
  oven: string;
  type: string;
  folder: string;
  fileName: string;
  version: string | null;
}

/**
 * The printable list that goes with a zip of settings files: which USB stick goes to which oven, the folder to copy
 * from, the file name the oven looks for, the version it carries, and a box to tick (and initial) once loaded.
 */
export function usbChecklistPdf(input: {
  provider: string;
  sticks: ChecklistStick[];
  /** Ovens of the zip's choice left out (an empty menu), named so nobody looks for their stick. */
  skipped?: { name: string; location: string | null; reason: 'empty_menu' }[];
  printedAt: Date;
  /** The IANA zone the time is printed in, named beside it. */
  timeZone?: string;
  by: string;
  /** The language of whoever prepares the sticks. */
  language?: Language;
}): Promise<Buffer> {
  const t = translator(input.language ?? DEFAULT_LANGUAGE);
  const title = t('checklist.title', { count: input.sticks.length });
  const doc = startDocument({ provider: input.provider, title, language: input.language });
  const width = doc.page.width - 2 * MARGIN;
  return pdfBytes(doc, () => {
    doc.useFont('bold').fontSize(15).fillColor(INK).write(title, MARGIN, doc.y, { width });
    doc
      .useFont('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .write(
        t('checklist.intro', {
          by: input.by,
          // Year first, in the kitchen's zone, named: one reading in every country.
          when: printedWhen(input.printedAt, input.timeZone ?? 'UTC'),
        }),
        { width },
      );
    doc.moveDown(0.8);
    let place = '';
    for (const s of input.sticks) {
      if (s.location !== place) {
        ensureRoom(doc, 80, input.provider, title);
        place = s.location;
        doc.moveDown(0.4);
        doc.useFont('bold').fontSize(12).fillColor(INK).write(place, MARGIN, doc.y, { width });
        doc.moveDown(0.3);
      }
      ensureRoom(doc, 54, input.provider, title, place);
      const top = doc.y;
      // The box to tick, and a line for the initials of whoever loaded it.
      doc
        .rect(MARGIN, top + 2, 14, 14)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
      doc
        .useFont('bold')
        .fontSize(11)
        .fillColor(INK)
        .write(t('checklist.stick', { n: s.stick, oven: s.oven }), MARGIN + 24, top, { width: width - 150 });
      doc
        .useFont('regular')
        .fontSize(9)
        .fillColor(MUTED)
        .write(
          s.version
            ? t('checklist.line', { type: s.type, file: s.fileName, folder: s.folder, version: s.version })
            : t('checklist.lineUnsaved', { type: s.type, file: s.fileName, folder: s.folder }),
          MARGIN + 24,
          doc.y,
          { width: width - 150 },
        );
      doc
        .fontSize(8)
        .write(t('checklist.loadedBy'), MARGIN + width - 118, top + 2, { width: 118, lineBreak: false });
      doc
        .moveTo(MARGIN + width - 118, top + 26)
        .lineTo(MARGIN + width, top + 26)
        .strokeColor(LINE)
        .stroke();
      doc.y = Math.max(doc.y, top + 30) + 8;
      doc.x = MARGIN;
    }
    const skipped = input.skipped ?? [];
    if (skipped.length > 0) {
      ensureRoom(doc, 60, input.provider, title);
      doc.moveDown(0.6);
      doc
        .useFont('bold')
        .fontSize(12)
        .fillColor(INK)
        .write(t('checklist.skippedTitle', { count: skipped.length }), MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      for (const s of skipped) {
        ensureRoom(doc, 30, input.provider, title);
        doc
          .useFont('regular')
          .fontSize(10)
          .fillColor(INK)
          .write(
            t('checklist.skippedEmpty', { oven: s.name, location: s.location ?? t('checklist.noLocation') }),
            MARGIN,
            doc.y,
            { width },
          );
        doc.moveDown(0.2);
      }
    }
  });
}

/** "2026-11-28 14:05 (America/Chicago)": the wall clock in that zone, year first. */
function printedWhen(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const date = [parts.year, parts.month, parts.day].join('-');
  return [date, `${parts.hour}:${parts.minute}`, `(${timeZone})`].join(' ');
}
