import { OVEN_MODELS } from '../../../shared/domain/oven-models';
import { ensureRoom, INK, MARGIN, MUTED, ORANGE, pdfBytes, startDocument } from '../../lib/pdf';

/** The two USB transfer guides of spec §2.7: one per settings-file family. */
export const USB_GUIDES = {
  'milo-misa': { family: 'rcp', title: 'Loading settings onto a MiLO or MiSA oven by USB' },
  'matchbox-shuttle-conveyor': {
    family: 'ai2',
    title: 'Loading settings onto a Matchbox, Shuttle or Conveyor oven by USB',
  },
} as const;
export type UsbGuide = keyof typeof USB_GUIDES;

interface Step {
  title: string;
  text: string;
}

function steps(family: 'ai2' | 'rcp'): { names: string; before: string[]; steps: Step[]; trouble: Step[] } {
  const models = OVEN_MODELS.filter((m) => m.family === family);
  const names = models.map((m) => `${m.fileName} (${m.type})`).join(', ');
  const example = models[0]!.fileName;
  return {
    names,
    before: [
      'A USB stick formatted FAT32 (most sticks are). Sticks of 32 GB or less work best.',
      `The settings file downloaded from Hearth for this oven: ${names}.`,
      'A quiet moment: loading the file replaces every recipe, menu button and warm-up profile on the oven. Do it outside service, with the oven on and not cooking.',
    ],
    steps: [
      {
        title: 'Download the file from Hearth',
        text: `Open My Ovens, pick the oven, and press Download Oven Settings. Read the warning and confirm. Your browser saves ${example} (or the name of your model) to its downloads folder.`,
      },
      {
        title: 'Check its name',
        text: `The oven looks for its file by exact name. If your computer saved it as "${example.replace('.', ' (1).')}" or added ".txt", rename it back to ${example}. Do not open and save it in another program: a changed file is refused by the oven and by Hearth (its checksum no longer matches).`,
      },
      {
        title: 'Copy it to the stick',
        text: 'Put the file in the top folder of the stick, not inside a folder. Keep only one settings file per oven model on the stick. Eject the stick safely before pulling it out.',
      },
      {
        title: 'Save what the oven has now (recommended)',
        text: "Before loading, use the oven's USB menu to save its current settings to another stick. If anything looks wrong later, import that file into Hearth with Import My Oven, or load it back onto the oven.",
      },
      {
        title: 'Insert the stick into the oven',
        text: "With the oven on and idle, plug the stick into the oven's USB port (see the oven's manual for where it is on your model).",
      },
      {
        title: 'Load the settings',
        text: 'On the touch screen, open the settings menu, then the USB menu, and choose to load (import) recipes and settings. Confirm that the oven may replace what it has. If your oven names these steps differently, follow its manual: the file name and place above still apply.',
      },
      {
        title: 'Wait for the oven to finish',
        text: 'Do not pull the stick out or switch the oven off while it loads. When the oven says it is done, remove the stick.',
      },
      {
        title: 'Check the menu',
        text: "Open the oven's screens and compare them with Hearth (Share Oven's Menu as PDF gives you a printout of every screen). Cook one recipe to check its stages before service.",
      },
    ],
    trouble: [
      {
        title: 'The oven does not find the file',
        text: `The name or the place is wrong: the file must be named ${example} for this model and sit in the top folder of the stick.`,
      },
      {
        title: 'The oven says the file is invalid',
        text: 'The file was changed after it was downloaded, or the copy was cut short. Download it again from Hearth and copy it once more.',
      },
      {
        title: 'The recipes are for another model',
        text: 'Each model reads only its own file. Make sure the oven you picked in Hearth is of the same model as the oven you are loading.',
      },
    ],
  };
}

/** A guide as a PDF: what you need, each step, and what to do when something goes wrong. */
export function usbGuidePdf(guide: UsbGuide, provider: string): Promise<Buffer> {
  const { family, title } = USB_GUIDES[guide];
  const content = steps(family);
  const doc = startDocument({ provider, title: 'USB transfer guide' });
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
    doc.useFont('regular').fontSize(10).fillColor(MUTED).write(`Files: ${content.names}.`, { width });
    heading('Before you start');
    for (const line of content.before) {
      doc.useFont('regular').fontSize(11).fillColor(INK).write(`-  ${line}`, { width, lineGap: 2 });
      doc.moveDown(0.2);
    }
    heading('Step by step');
    content.steps.forEach((step, i) => {
      ensureRoom(doc, 90, provider, 'USB transfer guide');
      doc
        .useFont('bold')
        .fontSize(12)
        .fillColor(INK)
        .write(`${i + 1}. ${step.title}`, MARGIN, doc.y, { width });
      paragraph(step.text);
      doc.moveDown(0.5);
    });
    heading('If something goes wrong');
    for (const item of content.trouble) {
      doc.useFont('bold').fontSize(11).fillColor(INK).write(item.title, MARGIN, doc.y, { width });
      paragraph(item.text);
      doc.moveDown(0.4);
    }
  });
}
