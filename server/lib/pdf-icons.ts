import { readFileSync } from 'node:fs';
import SVGtoPDF from 'svg-to-pdfkit';
import { type IconName, isIconName } from '../../shared/domain/icons';
import type { Doc } from './pdf';

/** The icons the web app shows (client/public/images/icons), drawn in the PDFs from the same SVG files. */
const ICONS_DIR = new URL('../../client/public/images/icons/', import.meta.url);
const BOX = 96;

interface IconForm {
  ref: PDFKit.PDFKitReference & { end(data: string): void };
  label: string;
}
type Internals = {
  addContent(data: string): Internals;
  ref(data: object): IconForm['ref'];
  page: {
    ext_gstates: Record<string, unknown>;
    patterns: Record<string, unknown>;
    xobjects: Record<string, unknown>;
  };
  _ctm: number[];
};

const svgCache = new Map<string, string>();
function svgOf(name: IconName): string {
  let svg = svgCache.get(name);
  if (!svg) {
    svg = readFileSync(new URL(`${name}.svg`, ICONS_DIR), 'utf8');
    svgCache.set(name, svg);
  }
  return svg;
}

/**
 * Draws icons as PDF form objects: each icon is converted once per document and then placed by reference, so a
 * full MiLO menu (32,768 buttons) costs milliseconds and kilobytes instead of seconds and tens of megabytes.
 */
export function iconPainter(doc: Doc) {
  const d = doc as unknown as Internals;
  const forms = new Map<string, IconForm>();

  function formOf(name: IconName): IconForm {
    const known = forms.get(name);
    if (known) return known;
    // Record what the SVG converter writes instead of putting it on the page, with the resources it registers.
    const page = d.page;
    const ext = new Set(Object.keys(page.ext_gstates));
    const patterns = new Set(Object.keys(page.patterns));
    const captured: string[] = [];
    const addContent = d.addContent;
    const ctm = d._ctm;
    d.addContent = (data: string) => {
      captured.push(data);
      return d;
    };
    d._ctm = [1, 0, 0, 1, 0, 0];
    try {
      SVGtoPDF(doc, svgOf(name), 0, 0, { width: BOX, height: BOX });
    } finally {
      d.addContent = addContent;
      d._ctm = ctm;
    }
    const added = (all: Record<string, unknown>, before: Set<string>) =>
      Object.fromEntries(Object.entries(all).filter(([k]) => !before.has(k)));
    const ref = d.ref({
      Type: 'XObject',
      Subtype: 'Form',
      FormType: 1,
      BBox: [0, 0, BOX, BOX],
      Resources: {
        ProcSet: ['PDF'],
        ExtGState: added(page.ext_gstates, ext),
        Pattern: added(page.patterns, patterns),
      },
    });
    ref.end(captured.join('\n'));
    const form = { ref, label: `HearthIcon${forms.size + 1}` };
    forms.set(name, form);
    return form;
  }

  /** Places an icon (or the fallback for an unknown name) in a size × size box at x, y. */
  return function paint(name: string, x: number, y: number, size: number, fallback: IconName) {
    const form = formOf(isIconName(name) ? name : fallback);
    d.page.xobjects[form.label] = form.ref;
    doc.save();
    doc.translate(x, y).scale(size / BOX);
    d.addContent(`/${form.label} Do`);
    doc.restore();
  };
}
