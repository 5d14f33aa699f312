// Builds the eval corpus's source documents (eval/corpus/documents/) the way organisations write them: a
// company header and footer, a title block with the owner, hard-wrapped lines, numbered procedures, tables,
// thresholds with units and form codes. The binaries are committed; this script makes them reproducible
// (fixed dates, fixed zip timestamps), so the same script always writes the same bytes.
//
//   npx tsx eval/corpus/make-documents.ts
//
// The facts and header lines of each document are listed in eval/corpus/documents.json; this script checks
// that every one of them is in the document it writes.
process.env.TZ = 'UTC';

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import pptxgen from 'pptxgenjs';
import { hasTerm, normalizeText, termLabel, type Term } from '../../packages/api/src/eval/match.js';

const FIXED_DATE = new Date('2025-06-02T09:00:00Z');
const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'documents');

// ------------------------------------------------------------------------------------------ shared model

/** A block of a written document (docx and pdf). */
type Block =
  | { h: string }
  | { p: string }
  | { ol: string[]; start?: number }
  | { ul: string[] }
  | { table: string[][]; widths?: number[] };

interface WrittenDoc {
  file: string;
  author: string;
  title: string;
  header: string;
  footer: string;
  blocks: Block[];
}

/** Zip-based Office files carry creation dates and entry times: fix both so the bytes never change. */
function reproducibleZip(buf: Buffer | Uint8Array): Buffer {
  const entries = unzipSync(new Uint8Array(buf));
  const out: Zippable = {};
  for (const [name, data] of Object.entries(entries)) {
    let bytes = data;
    if (name === 'docProps/core.xml') {
      const xml = strFromU8(data).replace(
        /(<dcterms:(?:created|modified)[^>]*>)[^<]*(<\/dcterms:(?:created|modified)>)/g,
        `$1${FIXED_DATE.toISOString().replace(/\.\d+Z$/, 'Z')}$2`,
      );
      bytes = strToU8(xml);
    }
    out[name] = [bytes, { mtime: FIXED_DATE, level: 6 }];
  }
  return Buffer.from(zipSync(out));
}

// ------------------------------------------------------------------------------------------------- docx

function docxCell(text: string, bold = false) {
  return new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
}

async function writeDocx(d: WrittenDoc & { titleBlock: string[][] }): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: d.title, heading: HeadingLevel.TITLE }),
    new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: d.titleBlock.map((r) => new TableRow({ children: r.map((c, i) => docxCell(c, i % 2 === 0)) })),
    }),
  ];
  let list = 0;
  for (const b of d.blocks) {
    if ('h' in b) children.push(new Paragraph({ text: b.h, heading: HeadingLevel.HEADING_1 }));
    else if ('p' in b) children.push(new Paragraph(b.p));
    else if ('ol' in b) {
      // Word's own numbering (a new list each time), as an author clicking the numbering button gets.
      const instance = list++;
      for (const item of b.ol)
        children.push(new Paragraph({ text: item, numbering: { reference: 'steps', level: 0, instance } }));
    } else if ('ul' in b) {
      for (const item of b.ul) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
    } else {
      children.push(
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: b.table.map(
            (r, ri) => new TableRow({ children: r.map((c) => docxCell(c, ri === 0)), tableHeader: ri === 0 }),
          ),
        }),
      );
    }
  }
  const doc = new Document({
    creator: d.author,
    title: d.title,
    numbering: {
      config: [
        {
          reference: 'steps',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(d.header)] }) },
        footers: { default: new Footer({ children: [new Paragraph(d.footer)] }) },
        children,
      },
    ],
  });
  return reproducibleZip(await Packer.toBuffer(doc));
}

// -------------------------------------------------------------------------------------------------- pdf

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 56;
const BODY = 11;
const LEADING = 15;

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

interface PdfOp {
  text: string;
  x: number;
  y: number;
  bold: boolean;
  size: number;
}

async function writePdf(d: WrittenDoc): Promise<{ data: Buffer; pages: number }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(d.title);
  doc.setAuthor(d.author);
  doc.setCreator('Microsoft Word');
  doc.setProducer('Microsoft Word');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  // Lay out first (to know the page count for "Page n of N"), then draw.
  const pages: PdfOp[][] = [[]];
  const top = A4.h - MARGIN - 30;
  const bottom = MARGIN + 30;
  let y = top;
  const width = A4.w - 2 * MARGIN;
  const need = (h: number) => {
    if (y - h < bottom) {
      pages.push([]);
      y = top;
    }
  };
  const put = (text: string, x: number, o: { bold?: boolean; size?: number } = {}) =>
    pages.at(-1)!.push({ text, x, y, bold: o.bold ?? false, size: o.size ?? BODY });

  need(30);
  for (const line of wrap(d.title, bold, 15, width)) {
    put(line, MARGIN, { bold: true, size: 15 });
    y -= 20;
  }
  y -= 6;
  for (const b of d.blocks) {
    if ('h' in b) {
      need(LEADING * 3);
      y -= 6;
      put(b.h, MARGIN, { bold: true, size: 12 });
      y -= LEADING + 4;
    } else if ('p' in b) {
      for (const line of wrap(b.p, font, BODY, width)) {
        need(LEADING);
        put(line, MARGIN);
        y -= LEADING;
      }
      y -= 6;
    } else if ('ol' in b || 'ul' in b) {
      const items = 'ol' in b ? b.ol : b.ul;
      items.forEach((item, i) => {
        const mark = 'ol' in b ? `${(b.start ?? 1) + i}.` : '•';
        wrap(item, font, BODY, width - 22).forEach((line, j) => {
          need(LEADING);
          if (j === 0) put(mark, MARGIN + 4);
          put(line, MARGIN + 22);
          y -= LEADING;
        });
      });
      y -= 6;
    } else {
      const cols = b.table[0]!.length;
      const widths = b.widths ?? Array.from({ length: cols }, () => 1 / cols);
      b.table.forEach((row, ri) => {
        const cells = row.map((c, ci) => wrap(c, ri === 0 ? bold : font, 9.5, widths[ci]! * width - 8));
        const h = Math.max(...cells.map((c) => c.length)) * 12 + 4;
        need(h);
        let x = MARGIN;
        cells.forEach((lines, ci) => {
          lines.forEach((line, li) =>
            pages.at(-1)!.push({ text: line, x, y: y - li * 12, bold: ri === 0, size: 9.5 }),
          );
          x += widths[ci]! * width;
        });
        y -= h;
      });
      y -= 8;
    }
  }

  pages.forEach((ops, n) => {
    const page: PDFPage = doc.addPage([A4.w, A4.h]);
    page.drawText(d.header, { x: MARGIN, y: A4.h - MARGIN + 10, font, size: 8.5, color: rgb(0.3, 0.3, 0.3) });
    page.drawLine({
      start: { x: MARGIN, y: A4.h - MARGIN + 4 },
      end: { x: A4.w - MARGIN, y: A4.h - MARGIN + 4 },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
    for (const op of ops)
      page.drawText(op.text, { x: op.x, y: op.y, font: op.bold ? bold : font, size: op.size });
    page.drawText(`${d.footer}   Page ${n + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN - 20,
      font,
      size: 8,
      color: rgb(0.3, 0.3, 0.3),
    });
  });
  return { data: Buffer.from(await doc.save()), pages: pages.length };
}

// ------------------------------------------------------------------------------------------------- pptx

interface SlideSpec {
  title: string;
  lines?: string[];
  numbered?: string[];
  table?: string[][];
  notes?: string;
}

interface PptxSlide {
  addText(
    text: string | { text: string; options?: Record<string, unknown> }[],
    o: Record<string, unknown>,
  ): void;
  addTable(rows: { text: string; options?: Record<string, unknown> }[][], o: Record<string, unknown>): void;
  addNotes(text: string): void;
}
interface Pptx {
  author: string;
  company: string;
  title: string;
  addSlide(): PptxSlide;
  write(o: { outputType: 'nodebuffer' }): Promise<unknown>;
}
// pptxgenjs's types declare an ES default export over a CommonJS build; NodeNext typing sees the namespace.
const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as new () => Pptx;

async function writePptx(d: {
  author: string;
  company: string;
  title: string;
  footer: string;
  slides: SlideSpec[];
}) {
  const p = new PptxGenJS();
  p.author = d.author;
  p.company = d.company;
  p.title = d.title;
  for (const s of d.slides) {
    const slide = p.addSlide();
    slide.addText(s.title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 26, bold: true });
    if (s.lines)
      slide.addText(
        s.lines.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
        { x: 0.6, y: 1.2, w: 8.8, h: 3.6, fontSize: 16, valign: 'top' },
      );
    if (s.numbered)
      slide.addText(
        s.numbered.map((text) => ({ text, options: { bullet: { type: 'number' }, breakLine: true } })),
        { x: 0.6, y: 1.2, w: 8.8, h: 3.8, fontSize: 14, valign: 'top' },
      );
    if (s.table)
      slide.addTable(
        s.table.map((r, ri) => r.map((text) => ({ text, options: { bold: ri === 0 } }))),
        { x: 0.6, y: 1.3, w: 8.8, fontSize: 14, border: { type: 'solid', pt: 1, color: '999999' } },
      );
    slide.addText(d.footer, { x: 0.3, y: 5.2, w: 9.4, h: 0.3, fontSize: 9, color: '666666' });
    if (s.notes) slide.addNotes(s.notes);
  }
  return reproducibleZip((await p.write({ outputType: 'nodebuffer' })) as Buffer);
}

// ------------------------------------------------------------------------------------------------- xlsx

async function writeXlsx(d: { author: string; company: string; sheets: Record<string, string[][]> }) {
  const wb = new ExcelJS.Workbook();
  wb.creator = d.author;
  wb.lastModifiedBy = d.author;
  wb.company = d.company;
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  for (const [name, rows] of Object.entries(d.sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
    ws.columns.forEach((c) => (c.width = 32));
  }
  return reproducibleZip(Buffer.from(await wb.xlsx.writeBuffer()));
}

// ============================================================================================== content

// --- Clinical nursing: a Trust procedure (docx, Word numbering, a method table) --------------------------
const handHygiene: WrittenDoc & { titleBlock: string[][] } = {
  file: 'hand-hygiene-procedure.docx',
  author: 'Infection Prevention and Control Team',
  title: 'Hand Hygiene and Glove Use Procedure',
  header: "St Aidan's University Hospitals NHS Trust — Infection Prevention and Control",
  footer: 'IPC-P-014 Hand Hygiene Procedure v5.2 — Uncontrolled when printed',
  titleBlock: [
    ['Document no.', 'IPC-P-014', 'Version', '5.2'],
    ['Owner', 'Lead Nurse, Infection Prevention', 'Review date', 'March 2027'],
  ],
  blocks: [
    { h: '1. Purpose' },
    {
      p: 'This procedure sets out how all staff with patient contact clean their hands and use gloves, so that healthcare-associated infections are prevented.',
    },
    { h: '2. Scope' },
    {
      p: 'It applies to all clinical staff, students, agency staff and volunteers on inpatient wards, in outpatient clinics and in the emergency department.',
    },
    { h: '3. Bare below the elbows' },
    {
      p: 'In clinical areas staff must be bare below the elbows: short sleeves, no wrist watch, no stoned rings (a single plain band is allowed), and no false nails or nail varnish.',
    },
    { h: '4. When to clean your hands' },
    { p: 'Clean your hands at each of the five moments for hand hygiene:' },
    {
      ol: [
        'Before touching a patient.',
        'Before a clean or aseptic procedure.',
        'After a body fluid exposure risk.',
        'After touching a patient.',
        "After touching a patient's surroundings.",
      ],
    },
    { h: '5. Which method' },
    {
      table: [
        ['Method', 'Use when', 'Duration'],
        ['Alcohol-based hand rub', 'Hands are visibly clean', '20–30 seconds'],
        [
          'Liquid soap and water',
          'Hands are visibly soiled, or after caring for a patient with diarrhoea, suspected Clostridioides difficile or norovirus (alcohol rub does not kill C. difficile spores)',
          '40–60 seconds',
        ],
      ],
    },
    { h: '6. Washing with soap and water' },
    {
      ol: [
        'Wet your hands with warm running water before applying liquid soap.',
        'Apply one dose of liquid soap and rub palm to palm.',
        'Work through all six steps of the technique, including thumbs, fingertips and wrists.',
        'Rinse thoroughly and dry completely with a disposable paper towel.',
        'Turn off elbow-operated taps with your elbow, or use the paper towel on hand-operated taps.',
      ],
    },
    { h: '7. Gloves' },
    {
      p: 'Gloves do not replace hand hygiene. Clean your hands before putting gloves on and immediately after taking them off.',
    },
    {
      p: 'Non-sterile nitrile gloves must be changed between patients, and between a dirty and a clean procedure on the same patient. Never wash gloved hands or apply alcohol rub to gloves.',
    },
    { h: '8. Skin care' },
    {
      p: 'Staff with dermatitis or cracked skin must report to Occupational Health before their next shift and must not work with broken skin uncovered.',
    },
    { h: '9. Audit' },
    {
      p: 'Ward managers audit hand hygiene compliance every month using form IPC-07. Compliance below 95 % must be escalated to the Infection Prevention team within 7 days.',
    },
  ],
};

// --- Laboratory biosafety: an institute SOP (docx, typed section numbers, a table) ----------------------
const labSpill: WrittenDoc & { titleBlock: string[][] } = {
  file: 'lab-biosafety-spill-sop.docx',
  author: 'Biosafety Office',
  title: 'Biological Spill Response in BSL-2 Laboratories',
  header: 'Institute for Molecular Medicine — Biosafety Office',
  footer: 'BIO-SOP-021 Version 4 — Printed copies are not controlled',
  titleBlock: [
    ['SOP number', 'BIO-SOP-021', 'Version', '4'],
    ['Approved by', 'Biological Safety Officer', 'Effective', '1 February 2025'],
  ],
  blocks: [
    { h: '1 Scope' },
    {
      p: 'This SOP covers spills of BSL-2 material (for example human cell lines, lentiviral vectors and Staphylococcus aureus cultures) inside and outside a biological safety cabinet (BSC).',
    },
    { h: '2 Spill kit' },
    {
      p: 'A spill kit is kept by every laboratory exit. It contains absorbent pads, 10 % bleach (freshly made, equivalent to 0.5 % sodium hypochlorite), forceps, biohazard bags, nitrile gloves, a disposable gown and safety glasses.',
    },
    { h: '3 Who cleans up' },
    {
      table: [
        ['Spill', 'Who cleans up'],
        ['Small (under 10 mL) inside the BSC', 'The person who spilled it'],
        ['10 mL or more, or any spill outside the BSC', 'A trained spill responder, using the spill kit'],
        ['Any spill of a risk group 3 agent', 'Nobody: evacuate and call ext. 2222'],
      ],
    },
    { h: '4 Spill outside the BSC' },
    {
      ol: [
        'Alert everyone in the laboratory and leave the room, closing the door behind you.',
        'Remove contaminated PPE, wash your hands and put a "DO NOT ENTER – SPILL" sign on the door.',
        'Wait 30 minutes for aerosols to settle before anyone re-enters.',
        'Put on a clean gown, two pairs of nitrile gloves and safety glasses.',
        'Cover the spill with absorbent pads and pour 10 % bleach gently from the edges towards the centre.',
        'Leave the bleach for a contact time of 20 minutes.',
        'Pick up broken glass with forceps, never with your hands, and put it in the sharps bin.',
        'Wipe up, disinfect the area a second time and dispose of all waste as biohazard waste for autoclaving.',
      ],
    },
    { h: '5 Spill inside the BSC' },
    {
      p: 'Keep the cabinet running. Cover the spill with absorbent pads, apply 10 % bleach and leave it for 20 minutes, then wipe the work surface and the inside walls. Do not put your head inside the cabinet.',
    },
    { h: '6 Spill on a person' },
    {
      p: 'Remove contaminated clothing and wash the skin with soap and water for 15 minutes. For splashes to the eyes, use the eyewash station for 15 minutes. Then seek first aid.',
    },
    { h: '7 Reporting' },
    {
      p: 'Report every spill to the Biological Safety Officer on the same day using form BIO-5. A spill in which a person was exposed must be reported immediately by phone on ext. 2222.',
    },
  ],
};

// --- HACCP: a food manufacturer's HACCP plan (pdf, header/footer on every page, a CCP table) -------------
const haccp: WrittenDoc = {
  file: 'haccp-cooking-cooling-plan.pdf',
  author: 'Technical Department',
  title: 'HACCP Plan: Cooking and Cooling of Cooked Meats (Line 2)',
  header: 'Northfield Fine Foods Ltd   |   Food Safety Management System   |   FSMS-HACCP-03 Rev 7',
  footer: 'Approved by: Technical Manager   Issue date: 02/09/2025',
  blocks: [
    { h: '1. Scope' },
    {
      p: 'This plan covers the cooking of whole turkey crowns and beef joints in the Line 2 ovens and their cooling in the blast chillers before slicing. It applies to all Line 2 operators, shift supervisors and the Technical team.',
    },
    { h: '2. Critical control points' },
    {
      widths: [0.16, 0.22, 0.3, 0.32],
      table: [
        ['CCP', 'Hazard', 'Critical limit', 'Monitoring'],
        [
          'CCP 1 Cooking',
          'Survival of Salmonella and Listeria',
          'Core temperature of at least 75 °C for 30 seconds',
          'Calibrated probe in the thickest part of the three largest joints, every batch',
        ],
        [
          'CCP 2 Cooling',
          'Growth of Clostridium perfringens spores',
          'Core from 60 °C to below 5 °C within 4 hours of leaving the oven',
          'Probe at 2 hours and at 4 hours, every batch',
        ],
        [
          'CCP 3 Metal detection',
          'Metal fragments',
          'Reject 2.0 mm ferrous, 2.5 mm non-ferrous and 3.0 mm stainless steel test pieces',
          'Test pieces at the start of the shift and every 2 hours',
        ],
      ],
    },
    { h: '3. Monitoring procedure for CCP 1' },
    {
      ol: [
        'Clean and sanitise the probe with a probe wipe before each use.',
        'Insert the probe into the thickest part of the three largest joints in the batch.',
        'Wait until the reading is stable and record the lowest of the three readings on form FS-12 (Cooking and Cooling Log).',
        'If any reading is below 75 °C, return the whole batch to the oven and probe again after 10 minutes.',
        'Sign the log and ask the shift supervisor to countersign it at the end of the batch.',
      ],
    },
    { h: '4. Corrective action' },
    {
      p: 'If a batch misses the cooling limit, place it on HOLD with a red hold label, inform the Technical Manager immediately and record the deviation on form FS-14 (Non-conformance Report). Product on hold must never be released without the written approval of the Technical Manager.',
    },
    { h: '5. Verification' },
    {
      p: 'Probes are checked every day in iced water (the reading must be 0 °C ± 1 °C) and in boiling water (100 °C ± 1 °C), and the result is recorded on form FS-09. A probe outside tolerance must be taken out of use and replaced. HACCP records are kept for 2 years.',
    },
    { h: '6. Responsibilities' },
    {
      widths: [0.3, 0.7],
      table: [
        ['Role', 'Responsibility'],
        ['Line 2 operator', 'Probes every batch and records the readings on form FS-12'],
        ['Shift supervisor', 'Countersigns FS-12 and checks the hold area at the end of each shift'],
        ['Technical Manager', 'Approves the release of held product and reviews every FS-14 each week'],
        [
          'HACCP team',
          'Reviews this plan every 12 months and after any change to product, process or equipment',
        ],
      ],
    },
    { h: '7. Definitions' },
    {
      ul: [
        'Critical limit: the value that separates safe from unsafe product at a critical control point.',
        'Core temperature: the temperature at the centre of the thickest part of the product.',
        'Corrective action: what is done when monitoring shows a critical limit has been missed.',
        'Verification: checks that the monitoring itself works, such as probe calibration.',
      ],
    },
  ],
};

// --- Anti-bribery: a group policy (pdf, a threshold table) ------------------------------------------------
const gifts: WrittenDoc = {
  file: 'gifts-hospitality-policy.pdf',
  author: 'Group Compliance',
  title: 'Anti-Bribery Policy: Gifts, Hospitality and Facilitation Payments',
  header: 'Meridian Industrial Group plc — Group Compliance — Policy GC-04 — Version 3.1',
  footer: 'Internal. Do not distribute outside Meridian.',
  blocks: [
    { h: '1. Purpose' },
    {
      p: 'Meridian does not tolerate bribery in any form. This policy explains what employees may give and accept, and when approval is needed. It supports compliance with the UK Bribery Act 2010 and the US Foreign Corrupt Practices Act.',
    },
    { h: '2. Value thresholds' },
    { p: 'The value is per person and per occasion, including tax.' },
    {
      widths: [0.3, 0.7],
      table: [
        ['Value', 'What you must do'],
        ['Up to EUR 50', 'May be accepted or given. Record it in the Gifts Register within 5 working days.'],
        [
          'Over EUR 50 and up to EUR 150',
          'Needs prior written approval from your line manager. Record it in the Gifts Register.',
        ],
        ['Over EUR 150', 'Needs prior approval from the Compliance Officer; otherwise decline politely.'],
      ],
    },
    { h: '3. Public officials' },
    {
      p: 'Never give gifts, hospitality or payments of any value to a public official (including customs, tax and port officials) without prior written approval from the Compliance Officer.',
    },
    { h: '4. Facilitation payments' },
    {
      p: 'Facilitation payments — small unofficial payments to speed up a routine action such as customs clearance — are prohibited, even where they are customary. The only exception is a payment made under duress, when your health or safety is at risk: pay, leave safely, and report it to the Compliance Officer within 24 hours.',
    },
    { h: '5. Never acceptable' },
    {
      ul: [
        'Cash or cash equivalents, such as gift cards or vouchers, of any value.',
        'Any gift or hospitality from a bidder during a tender.',
        'Anything offered in return for a decision or a favour.',
      ],
    },
    { h: '6. How to record and report' },
    {
      ol: [
        'Record the offer, gift or request on form ABC-3 in the Gifts Register.',
        'Attach the invitation or any correspondence.',
        'Your line manager reviews the entry within 5 working days.',
        'Concerns can be raised confidentially through the Speak Up line (0800 915 2270).',
      ],
    },
    { h: '7. Definitions' },
    {
      ul: [
        'Public official: anyone holding a legislative, administrative or judicial post, or working for a state-owned company or a public international organisation.',
        'Hospitality: meals, events, travel or accommodation offered free of charge or below cost.',
        'Cash equivalent: anything that can be spent like cash, such as gift cards, vouchers or loaded payment cards.',
        'Facilitation payment: a small unofficial payment to a public official to speed up a routine action they must carry out anyway.',
      ],
    },
    { h: '8. Breaches of this policy' },
    {
      p: 'Breaching this policy is a disciplinary matter and may lead to dismissal. Bribery is also a criminal offence for the individual and for Meridian. Line managers who approve a gift outside this policy are accountable for that approval.',
    },
  ],
};

// --- Aviation ground handling: a ramp operations manual chapter (pdf) ------------------------------------
const ramp: WrittenDoc = {
  file: 'ramp-turnaround-safety.pdf',
  author: 'SkyPort Ground Services',
  title: 'Chapter 4: Aircraft Arrival and Turnaround Safety',
  header: 'SkyPort Ground Services — Ramp Operations Manual (ROM) — Chapter 4',
  footer: 'ROM-4 Rev 12 — 15 May 2025 — Owner: Head of Ramp Safety',
  blocks: [
    { h: '4.1 Before the aircraft arrives' },
    {
      p: 'The ramp agent checks that the stand is clear of foreign object debris (FOD), equipment and vehicles, and that all ground support equipment is parked behind the Equipment Restraint Line (the red line).',
    },
    { h: '4.2 Arrival on stand' },
    {
      ol: [
        'The marshaller or the visual docking guidance system guides the aircraft to the stop position.',
        'Nobody approaches the aircraft until the engines are shut down and the anti-collision beacon is switched off.',
        'Place wheel chocks at the nose gear (fore and aft) and at the main gear.',
        'Place safety cones at both wingtips, the nose and the tail.',
        'Confirm "chocks in" to the flight deck by headset or hand signal.',
      ],
    },
    { h: '4.3 Equipment approach' },
    {
      p: 'Vehicles and ground support equipment approach the aircraft at walking pace, at most 5 km/h, inside the Equipment Restraint Area, and must stop and brake-test 3 m (10 ft) before the aircraft.',
    },
    {
      p: 'A guide person (banksman) is required whenever a vehicle reverses towards the aircraft. Belt loaders must keep 50 cm of clearance from the fuselage.',
    },
    { h: '4.4 Refuelling' },
    {
      p: 'No ground power unit or vehicle may be parked within 3 m of the fuel vents during refuelling, and a fire extinguisher must be within reach.',
    },
    { h: '4.5 Departure' },
    {
      p: 'A walk-around check is made 5 minutes before pushback: doors closed, panels secured, no equipment inside the Equipment Restraint Area and a final FOD check.',
    },
    { h: '4.6 Reporting damage' },
    {
      p: 'Any contact between equipment and the aircraft, however minor, must be reported to the Duty Ramp Manager immediately and recorded on form GS-17 (Aircraft Damage Report). The aircraft must not depart until engineering has inspected it.',
    },
    { h: '4.7 Roles on the stand' },
    {
      widths: [0.3, 0.7],
      table: [
        ['Role', 'Responsible for'],
        ['Ramp agent', 'Stand check, chocks and cones, supervising the turnaround and the final walk-around'],
        ['Marshaller', 'Guiding the aircraft onto the stand and the stop position'],
        ['Guide person (banksman)', 'Guiding every vehicle that reverses towards the aircraft'],
        [
          'Duty Ramp Manager',
          'Receiving damage reports (GS-17) and stopping a departure until engineering has inspected',
        ],
      ],
    },
  ],
};

// --- Forklift: a warehouse manual section typed as plain text, hard-wrapped at 70 columns ---------------
const forkliftTxt = `BRIGHTWATER LOGISTICS LTD            Warehouse Operations Manual
WOP-04  Counterbalance Forklift: Pre-Use Inspection        Rev 3
Document owner: Site Safety Manager         Approved: Ops Director
=====================================================================

1. PURPOSE
Every counterbalance forklift must be inspected by its operator
before the first use of each shift. An inspection is also required
after any collision, however minor, and when a truck comes back from
maintenance.

2. RESPONSIBILITIES
Operators carry out the check and record it on form WH-101 (Pre-Use
Checklist), kept in the holder on the truck. Shift Team Leaders
review the completed forms at the end of each shift. Only operators
holding a current Brightwater licence may drive a truck.

3. PROCEDURE
3.1 Park the truck on level ground, lower the forks fully to the
    floor, apply the parking brake and switch off the engine.
3.2 Walk around the truck and look for oil, water or fuel leaks,
    damaged or missing guards, and loose overhead guard bolts.
3.3 Check the tyres. Pneumatic tyres must be inflated to 8.5 bar
    (123 psi); do not drive a truck with a tyre below 7.5 bar or
    with a cut deeper than 10 mm.
3.4 Inspect the forks and carriage. Take a fork out of service if
    heel wear exceeds 10 % of the original thickness or if a crack
    is visible.
3.5 Check the hydraulic oil level on the dipstick with the mast
    lowered.
3.6 Sit in the seat, fasten the seat belt and test the horn, lights,
    reversing alarm and blue spot light.
3.7 Test the service brake and the parking brake at low speed in a
    clear area.
3.8 Raise and lower the forks to full height and tilt the mast
    forward and back; listen for unusual noise and watch for jerky
    movement.
3.9 Record the result on form WH-101 and sign it.

4. DEFECTS
If any check fails, do not use the truck. Remove the key, attach a
red DO NOT USE tag, and report the defect to the Shift Team Leader
immediately. A tagged truck may only be returned to service by the
maintenance contractor.

5. SITE RULES
- Speed limit: 10 km/h in the warehouse, 5 km/h in pedestrian zones
  and loading bays.
- Battery trucks: put the truck on charge when the charge indicator
  falls to 20 %; never charge in the racking aisles.
- Never carry passengers. Never travel with raised forks.

---------------------------------------------------------------------
Uncontrolled when printed. Check the intranet for the current issue.
Page 1 of 1
`;

// --- Retail loss prevention: a store standard typed as plain text ----------------------------------------
const retailTxt = `Harlow & Finch Stores -- Store Operations Standard SOS-11
Loss Prevention: Suspected Theft, Till Variances and Refunds
Owner: Head of Loss Prevention | Effective: 1 April 2025
------------------------------------------------------------------

Why this matters
Shrinkage cost the business 1.8 % of sales last year. Most of it is
not external theft but process errors, till mistakes and refund
fraud. Every colleague has a part in reducing it.

1. Suspected shoplifting
   1. Never accuse, touch, search or detain a customer, and never
      follow anyone out of the store.
   2. Offer customer service: approach, make eye contact and ask
      "Can I help you find anything?" Most opportunist theft stops
      there.
   3. If you still suspect theft, call the duty manager on the
      radio using the code "Code 9 to the front".
   4. Only the duty manager and a second colleague together may
      speak to a customer about unpaid goods, and only inside the
      store.
   5. Record what happened on form LP-3 (Incident Log) before the
      end of your shift. Include the time, a description and the
      CCTV camera number.

2. Till variances
   - Tills are counted at close by two colleagues.
   - A variance over £10 (over or under) must be reported to the
     duty manager and recorded on form LP-5.
   - Three variances over £10 in 30 days trigger a till-handling
     refresher with the store manager.

3. Refunds
   - Refunds without a receipt are limited to £30 and are given on a
     gift card, never as cash.
   - A colleague may never process a refund for themselves, a family
     member or a friend.
   - Refunds over £100 need a manager's authorisation code.

4. CCTV
CCTV footage is kept for 31 days and may only be viewed by the store
manager or Loss Prevention. Requests from the police go to the Head
of Loss Prevention.

Harlow & Finch Stores Ltd - Registered in England No. 04882130
Internal use only - Page 1 of 1
`;

// --- Pharma GMP: a training deck with speaker notes (pptx) -----------------------------------------------
const gmpDeck = {
  file: 'gmp-line-clearance.pptx',
  author: 'QA Operations',
  company: 'Calder Pharma Ltd',
  title: 'Line Clearance on Packaging Lines',
  footer: 'Calder Pharma Ltd — Packaging Operations Training — PKG-TR-08 v2 — Confidential',
  slides: [
    {
      title: 'Line Clearance on Packaging Lines',
      lines: ['GMP refresher for packaging operators and line leaders', 'Presented by QA Operations'],
    },
    {
      title: 'Why line clearance matters',
      lines: [
        'Mix-ups are the most common cause of packaging recalls',
        'Line clearance removes every material, document and label of the previous batch before the next batch starts',
        'Required by EU GMP Chapter 5 and our SOP PKG-012',
      ],
      notes:
        'Last year two of our three complaints about wrong leaflets came from the same line. Ask the group where they think leftovers hide.',
    },
    {
      title: 'When to do it',
      lines: [
        'Between every two batches, even of the same product',
        'After maintenance or cleaning on the line',
        'Before a new packaging order starts on a line that has been idle',
      ],
    },
    {
      title: 'The procedure (SOP PKG-012)',
      numbered: [
        'Stop the line and remove all product, components and printed materials of the previous batch.',
        'Remove all documents of the previous batch: batch record, labels and printouts.',
        'Check every area of the line against the checklist on form BPR-22, including under and behind equipment.',
        'Reconcile printed materials: labels issued = labels used + labels returned + labels destroyed.',
        'A second person (line leader or QA) verifies the clearance independently.',
        'Both sign form BPR-22 and hang the green CLEARED status label on the line.',
      ],
    },
    {
      title: 'Limits you must know',
      lines: [
        'Any label reconciliation difference, even one label, is a deviation: stop and call QA',
        'Room conditions: 15–25 °C and relative humidity 60 % or lower',
        'QA releases the line within 30 minutes of the signed BPR-22',
      ],
      notes: 'Stress that a one-label difference is not "close enough".',
    },
    {
      title: 'Common failures found at audits',
      lines: [
        'Loose tablets left in the hopper or under the conveyor',
        'Leaflets of the previous batch left in the leaflet feeder',
        'BPR-22 signed before the second check was done',
      ],
    },
    { title: 'Questions?', lines: ['Contact QA Operations, ext. 4417'] },
  ],
};

// --- GDPR: a short awareness deck with a deadlines table (pptx) ------------------------------------------
const gdprDeck = {
  file: 'gdpr-breach-first-hour.pptx',
  author: 'Data Protection Office',
  company: 'Halden Insurance Services',
  title: 'Personal Data Breaches: What to Do in the First Hour',
  footer: 'Halden Insurance Services — Data Protection Office — Internal training — v1.4',
  slides: [
    {
      title: 'Personal Data Breaches: What to Do in the First Hour',
      lines: ['For all staff handling customer data'],
    },
    {
      title: 'What counts as a breach',
      lines: [
        'Email or post sent to the wrong person',
        'A lost or stolen laptop, phone or paper file',
        'Unauthorised access to a system, including by a colleague',
        'Data deleted or made unavailable, for example by ransomware',
      ],
    },
    {
      title: 'Your first hour',
      numbered: [
        'Contain it: recall the email, ask the recipient to delete it, disconnect the device.',
        'Do not investigate further or try to fix it yourself.',
        'Report it to the Data Protection Officer (DPO) within 1 hour of discovery, using breach form DP-7 on the intranet.',
        'Keep all evidence: do not delete emails or logs.',
      ],
      notes:
        'People wait because they are embarrassed. The clock for the regulator starts when we become aware.',
    },
    {
      title: 'What the DPO does next',
      lines: [
        'Assesses the risk to the people affected',
        "Notifies the ICO within 72 hours of the company becoming aware, if there is a risk to people's rights",
        'Tells the people affected without undue delay if the risk is high',
        'Records every breach in the breach register, even those not reported',
      ],
    },
    {
      title: 'Deadlines at a glance',
      table: [
        ['Who', 'Tells whom', 'Deadline'],
        ['You', 'The DPO (form DP-7)', '1 hour'],
        ['A supplier processing our data', 'Halden', '24 hours'],
        ['The DPO', 'The ICO', '72 hours'],
      ],
    },
    { title: 'Remember', lines: ['Reporting a breach is never a disciplinary matter; hiding one is.'] },
  ],
};

// --- Banking AML: a red-flags and escalation matrix (xlsx, several sheets) -------------------------------
const amlWorkbook = {
  file: 'aml-red-flags-matrix.xlsx',
  author: 'Financial Crime Compliance',
  company: 'Kestrel Bank N.V.',
  sheets: {
    'Read me': [
      ['Kestrel Bank N.V. — Financial Crime Compliance'],
      ['AML Red Flags and Escalation Matrix — FCC-RF-02 — Version 2025.1'],
      ['Owner: Money Laundering Reporting Officer (MLRO)'],
      ['For branch and contact-centre staff. Use together with the AML Policy.'],
    ],
    Thresholds: [
      ['Trigger', 'Threshold', 'Action', 'Deadline'],
      [
        'Cash deposit or withdrawal, single or linked',
        'EUR 10,000 or more',
        'Complete a Cash Transaction Report (form CTR-1)',
        'Same day',
      ],
      [
        'Several cash deposits just below EUR 10,000 within 7 days',
        'Any pattern',
        'Treat as possible structuring; raise an internal suspicion report (form SAR-1) to the MLRO',
        'Within 24 hours',
      ],
      [
        'International transfer to a high-risk third country',
        'Any amount',
        'Enhanced due diligence before processing',
        'Before release',
      ],
      [
        'Customer cannot explain the source of funds',
        'EUR 5,000 or more',
        'Raise SAR-1; do not process until the MLRO decides',
        'Within 24 hours',
      ],
    ],
    'Red flags': [
      ['Indicator', 'Example', 'What to do'],
      ['Structuring', 'Three cash deposits of EUR 9,500 on consecutive days', 'SAR-1 to the MLRO'],
      [
        'Third-party deposits',
        'Cash paid in by different people into one account',
        'Ask about the relationship; SAR-1 if unclear',
      ],
      ['Rapid movement', 'Funds received and sent abroad on the same day', 'SAR-1 to the MLRO'],
      [
        'Reluctance',
        'Customer refuses to show ID or changes the transaction when asked',
        'Stop the transaction; SAR-1',
      ],
      ['Mismatch with profile', 'Student account receiving EUR 40,000 a month', 'SAR-1 to the MLRO'],
    ],
    Rules: [
      ['Rule'],
      [
        'Never tell the customer that a report has been made or is being considered: tipping off is a criminal offence.',
      ],
      ['Do not investigate yourself: report and let the MLRO decide.'],
      ['Keep records for 5 years after the end of the customer relationship.'],
    ],
  },
};

// --- HR onboarding: a checklist with owners (xlsx) --------------------------------------------------------
const onboardingWorkbook = {
  file: 'new-starter-onboarding-checklist.xlsx',
  author: 'People Team',
  company: 'Orbis Software GmbH',
  sheets: {
    Checklist: [
      ['Orbis Software GmbH — People Team — Onboarding Checklist v4 (HR-ON-01)'],
      ['When', 'Task', 'Owner', 'Done?'],
      ['Before day 1', 'Right-to-work check completed and copied to the HR file', 'HR Advisor', ''],
      [
        'Before day 1',
        'Laptop, accounts and badge requested on form IT-NS-2, at least 5 working days before the start date',
        'Hiring Manager',
        '',
      ],
      ['Before day 1', 'Buddy assigned and introduced by email', 'Hiring Manager', ''],
      ['Day 1', 'Welcome meeting and office tour', 'Buddy', ''],
      ['Day 1', 'Health and safety induction (30 minutes)', 'Facilities', ''],
      [
        'Week 1',
        'Mandatory e-learning: Information Security (45 minutes), GDPR Essentials (30 minutes), Code of Conduct (20 minutes)',
        'New starter',
        '',
      ],
      ['Week 1', 'First 1:1 with the manager: agree 30-60-90 day goals', 'Hiring Manager', ''],
      ['Week 2', 'Shadow two customer calls', 'Buddy', ''],
      ['Month 1', '30-day check-in', 'Hiring Manager', ''],
      ['Month 3', 'Probation review (by day 90)', 'Hiring Manager and HR Advisor', ''],
    ],
    Notes: [
      ['Note'],
      ['All mandatory e-learning must be completed within the first 10 working days.'],
      ['Probation lasts 6 months, with a formal review by day 90.'],
      ['Questions: people@orbis-software.example'],
    ],
  },
};

// =================================================================================================== main

/** Every string of a document's content (what a reader of the file sees). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** documents.json and requests.json may only name facts and header lines the documents really contain. */
function checkManifest(sources: Map<string, string>) {
  const manifest = JSON.parse(readFileSync(path.join(OUT, '..', 'documents.json'), 'utf8')) as {
    documents: { file: string; facts: Term[]; boilerplate: string[] }[];
  };
  const problems: string[] = [];
  for (const d of manifest.documents) {
    const source = sources.get(d.file);
    if (source === undefined) {
      problems.push(`${d.file}: not made by this script`);
      continue;
    }
    const text = normalizeText(source);
    for (const f of d.facts)
      if (!hasTerm(text, f)) problems.push(`${d.file}: fact "${termLabel(f)}" is not in it`);
    for (const b of d.boilerplate)
      if (!text.includes(normalizeText(b))) problems.push(`${d.file}: header line "${b}" is not in it`);
  }
  const requests = JSON.parse(readFileSync(path.join(OUT, '..', 'requests.json'), 'utf8')) as {
    requests: { id: string; documents?: string[]; expect: { facts?: Term[] } }[];
  };
  for (const r of requests.requests) {
    const texts = (r.documents ?? []).map((f) => normalizeText(sources.get(f) ?? ''));
    for (const f of r.expect.facts ?? [])
      if (!texts.some((t) => hasTerm(t, f)))
        problems.push(`${r.id}: fact "${termLabel(f)}" is in none of its documents`);
  }
  if (problems.length)
    throw new Error(`The corpus does not match the documents:\n  ${problems.join('\n  ')}`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const pdf = async (d: WrittenDoc) => {
    const { data, pages } = await writePdf(d);
    const footers = Array.from(
      { length: pages },
      (_, i) => `${d.header}\n${d.footer} Page ${i + 1} of ${pages}`,
    );
    return { data, source: [...strings(d), ...footers].join('\n') };
  };
  const files: [string, { data: Buffer | string; source: string }][] = [
    [handHygiene.file, { data: await writeDocx(handHygiene), source: strings(handHygiene).join('\n') }],
    [labSpill.file, { data: await writeDocx(labSpill), source: strings(labSpill).join('\n') }],
    [haccp.file, await pdf(haccp)],
    [gifts.file, await pdf(gifts)],
    [ramp.file, await pdf(ramp)],
    ['forklift-pre-use-inspection.txt', { data: forkliftTxt, source: forkliftTxt }],
    ['retail-loss-prevention-standard.txt', { data: retailTxt, source: retailTxt }],
    [gmpDeck.file, { data: await writePptx(gmpDeck), source: strings(gmpDeck).join('\n') }],
    [gdprDeck.file, { data: await writePptx(gdprDeck), source: strings(gdprDeck).join('\n') }],
    [amlWorkbook.file, { data: await writeXlsx(amlWorkbook), source: strings(amlWorkbook).join('\n') }],
    [
      onboardingWorkbook.file,
      { data: await writeXlsx(onboardingWorkbook), source: strings(onboardingWorkbook).join('\n') },
    ],
  ];
  checkManifest(new Map(files.map(([name, f]) => [name, f.source])));
  for (const [name, f] of files) writeFileSync(path.join(OUT, name), f.data);
  console.log(`wrote ${files.length} documents to ${path.relative(process.cwd(), OUT)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
