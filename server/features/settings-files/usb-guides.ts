import type { TFunction } from 'i18next';
import { OVEN_MODELS } from '../../../shared/domain/oven-models';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n/languages';
import { translator } from '../../lib/i18n';
import { ensureRoom, INK, MARGIN, MUTED, ORANGE, pdfBytes, startDocument } from '../../lib/pdf';

/** The two USB transfer guides of spec §2.7: one per settings-file family, each in the reader's language. */
export const USB_GUIDES = {
  'milo-misa': { family: 'rcp', title: 'usbGuide.titleRcp' },
  'matchbox-shuttle-conveyor': { family: 'ai2', title: 'usbGuide.titleAi2' },
} as const;
export type UsbGuide = keyof typeof USB_GUIDES;

interface Step {
  title: string;
  text: string;
}

const STEPS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const TROUBLES = [1, 2, 3] as const;

function steps(
  family: 'ai2' | 'rcp',
  t: TFunction,
): { names: string; before: string[]; steps: Step[]; trouble: Step[] } {
  const models = OVEN_MODELS.filter((m) => m.family === family);
  const names = models.map((m) => `${m.fileName} (${m.type})`).join(', ');
  const example = models[0]!.fileName;
  const values = { names, example, renamed: example.replace('.', ' (1).') };
  return {
    names,
    before: [t('usbGuide.need1'), t('usbGuide.need2', values), t('usbGuide.need3')],
    steps: STEPS.map((n) => ({
      title: t(`usbGuide.step${n}Title`),
      text: t(`usbGuide.step${n}`, values),
    })),
    trouble: TROUBLES.map((n) => ({
      title: t(`usbGuide.trouble${n}Title`),
      text: t(`usbGuide.trouble${n}`, values),
    })),
  };
}

/** A guide as a PDF: what you need, each step, and what to do when something goes wrong. */
export function usbGuidePdf(
  guide: UsbGuide,
  provider: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  const t = translator(language);
  const { family } = USB_GUIDES[guide];
  const title = t(USB_GUIDES[guide].title);
  const content = steps(family, t);
  const documentTitle = t('usbGuide.document');
  const doc = startDocument({ provider, title: documentTitle, language });
  const width = doc.page.width - 2 * MARGIN;
  const paragraph = (text: string) =>
    doc.useFont('regular').fontSize(11).fillColor(INK).write(text, { width, lineGap: 2 });
  const heading = (text: string) => {
    doc.moveDown(0.8);
    doc.useFont('bold').fontSize(13).fillColor(ORANGE).write(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };
  return pdfBytes(doc, () => {
    doc.useFont('bold').fontSize(20).fillColor(INK).write(title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    doc
      .useFont('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .write(t('usbGuide.files', { names: content.names }), { width });
    heading(t('usbGuide.before'));
    for (const line of content.before) {
      doc.useFont('regular').fontSize(11).fillColor(INK).write(`-  ${line}`, { width, lineGap: 2 });
      doc.moveDown(0.2);
    }
    heading(t('usbGuide.stepByStep'));
    content.steps.forEach((step, i) => {
      ensureRoom(doc, 90, provider, documentTitle);
      doc
        .useFont('bold')
        .fontSize(12)
        .fillColor(INK)
        .write(`${i + 1}. ${step.title}`, MARGIN, doc.y, { width });
      paragraph(step.text);
      doc.moveDown(0.5);
    });
    heading(t('usbGuide.trouble'));
    for (const item of content.trouble) {
      doc.useFont('bold').fontSize(11).fillColor(INK).write(item.title, MARGIN, doc.y, { width });
      paragraph(item.text);
      doc.moveDown(0.4);
    }
  });
}
