// Documents as structure: the stored layout (hard-wrapped lines joined, page furniture dropped, headings, list
// numbers and table rows kept) from each extractor, the blocks read back from it, and their parts.
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
} from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pptxgen from 'pptxgenjs';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../files/chunking.js';
import { docxFile, pdfFile, pptxFile, xlsxFile } from '../files/testing/fixtures.js';
import { layoutText, structureDocument, textFromChunks, type DocBlock } from './document.js';
import {
  ANTI_BRIBERY_DOCX,
  GMP_SOP_PDF_PAGES,
  HACCP_SHEET,
  HACCP_SHEET_TEXT,
  HAND_HYGIENE_TXT,
  longDocument,
  SEPSIS_SLIDES,
  storedText as extract,
} from './testing/documents.js';

const brief = (blocks: DocBlock[]) =>
  blocks.map((b) => `${b.type}${b.level ? ` ${b.level}` : ''}${b.marker ? ` ${b.marker}` : ''}: ${b.text}`);

/** Each block lies inside the stored chunk of its part, at its offsets. */
function expectInParts(text: string, blocks: DocBlock[]) {
  const chunks = chunkText(text);
  for (const b of blocks) {
    expect(text.slice(b.start, b.end)).toBe(b.text);
    const chunk = chunks[b.part]!;
    expect(chunk.start <= b.start && b.end <= chunk.end, `${b.text} in part ${b.part}`).toBe(true);
    expect(chunk.text).toContain(b.text);
  }
}

describe('layout of a hard-wrapped plain-text procedure', () => {
  const stored = layoutText(HAND_HYGIENE_TXT, 'txt');

  it('joins wrapped lines into sentences, also across a page break, and keeps numbered lines', () => {
    expect(stored).toContain(
      '\nThis procedure describes how and when staff must clean their hands so that the spread of ' +
        'healthcare-associated infections is reduced. It applies to all staff, students and volunteers who have ' +
        'contact with patients or with the patient environment.\n',
    );
    // the sentence the page break cut ("… must not be used when hands are" | footer | header | "visibly soiled.")
    expect(stored).toContain(
      'before the first use of each shift. An alcohol-based hand rub must not be used when hands are visibly ' +
        'soiled. Staff must never wear wrist watches, stoned rings or false nails in clinical areas.',
    );
    expect(stored).toContain(
      '3. Rub hands palm to palm, then rub the back of each hand with the palm of the other hand with ' +
        'interlaced fingers.\n4. Rub the thumbs',
    );
    expect(stored).toContain('\n5. Hand washing technique\n');
    for (const line of stored.split('\n')) expect(line).not.toMatch(/\s(An|the|of|and|or|with|to)$/);
  });

  it('drops page numbers and the header and footer repeated on every page', () => {
    expect(stored).not.toMatch(/Page \d of 3/);
    expect(stored).not.toContain('Northbridge Health NHS Trust');
    expect(stored).not.toContain('Uncontrolled when printed');
    expect(stored).not.toContain('(IPC-PR-004)');
    expect(stored.startsWith('HAND HYGIENE PROCEDURE\n\n')).toBe(true);
  });

  it('is idempotent: the stored text lays out to itself', () => {
    expect(layoutText(stored, 'txt')).toBe(stored);
  });

  it('reads back headings, list items with their numbers, table rows; no metadata or revision table', () => {
    const blocks = structureDocument(stored, 'txt');
    const b = brief(blocks);
    expect(b.slice(0, 3)).toEqual([
      'heading 2: HAND HYGIENE PROCEDURE',
      'heading 2 1.: Purpose',
      expect.any(String),
    ]);
    expect(b).toContain('heading 2 5.: Hand washing technique');
    expect(b).toContain('heading 2 9.: Audit');
    const steps = blocks.filter((x) => x.type === 'list_item');
    expect(steps.map((s) => [s.ordinal, s.marker])).toEqual([
      [1, '1.'],
      [2, '2.'],
      [3, '3.'],
      [4, '4.'],
      [5, '5.'],
      [6, '6.'],
    ]);
    expect(steps[0]!.text).toBe('Wet hands with warm running water.');
    const rows = blocks.filter((x) => x.type === 'table_row');
    expect(rows.map((r) => r.cells)).toEqual([
      ['Product', 'Use', 'Contact time'],
      ['Liquid soap', 'Visibly soiled hands, diarrhoea', '40 to 60 seconds'],
      ['Alcohol hand rub', 'Clean hands at the five moments', '20 to 30 seconds'],
      ['Surgical scrub', 'Before surgical procedures', '2 minutes'],
    ]);
    expect(rows[0]!.header).toBe(true);
    const all = blocks.map((x) => x.text).join('\n');
    for (const gone of [
      'Document owner',
      'Approved by',
      'Effective date',
      'Document history',
      'J. Patel',
      'Version',
    ])
      expect(all).not.toContain(gone);
    expectInParts(stored, blocks);
  });

  it('a Word document whose paragraphs are the wrapped lines lays out the same', async () => {
    const fromDocx = await extract('docx', await docxFile(HAND_HYGIENE_TXT.split('\n')));
    expect(fromDocx.replace(/\n+/g, '\n')).toBe(stored.replace(/\n+/g, '\n'));
    expect(layoutText(fromDocx, 'docx')).toBe(fromDocx);
  });
});

describe('layout per extractor', () => {
  it('pdf: lines broken mid-sentence and hyphenated words joined, running header dropped', async () => {
    const stored = await extract('pdf', await pdfFile(GMP_SOP_PDF_PAGES));
    expect(stored).toContain(
      'Production operators are responsible for carrying out the procedure and recording the results.',
    );
    expect(stored).toContain(
      'Rinse water for the final rinse must be held at 75 °C for 30 s before use. A failed integrity test must ' +
        'be reported to QA within 24 hours.',
    );
    expect(stored).toContain('\n3. Raise the upstream pressure slowly until the bubble point is reached.\n');
    expect(stored).not.toContain('Helix Biologics GmbH');
    expect(stored).not.toContain('Page 1 of 2');
    expect(stored).not.toMatch(/proce-|inte-/);
    expect(layoutText(stored, 'pdf')).toBe(stored);
    const blocks = structureDocument(stored, 'pdf');
    expect(brief(blocks).filter((b) => b.startsWith('heading'))).toEqual([
      'heading 2: CLEANING AND INTEGRITY TESTING OF STERILE FILTERS',
      'heading 2 1.: Purpose',
      'heading 2 2.: Definitions',
      'heading 2 3.: Responsibilities',
      'heading 2 4.: Requirements',
      'heading 2 5.: Procedure',
    ]);
    expect(blocks.map((b) => b.text)).not.toContain('Version 4.0');
    expectInParts(stored, blocks);
  });

  it('pdf: a table drawn column by column reads as rows; a cell wrapped inside its column stays in its row', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage();
    const at = (text: string, x: number, y: number) => page.drawText(text, { x, y, font, size: 10 });
    at('Value thresholds', 56, 700);
    // the first column, then the second (the order a PDF writer may use)
    at('Value', 56, 670);
    at('Up to EUR 50', 56, 654);
    at('Over EUR 50 and up to EUR', 56, 626);
    at('150', 56, 614);
    at('Over EUR 150', 56, 592);
    at('What you must do', 200, 670);
    at('May be accepted. Record it in the Gifts Register within 5 working', 200, 654);
    at('days.', 200, 642);
    at('Needs written approval from your line manager.', 200, 626);
    at('Needs approval from the Compliance Officer.', 200, 592);
    const stored = await extract('pdf', await doc.save());
    expect(stored).toBe(
      [
        'Value thresholds',
        'Value | What you must do',
        'Up to EUR 50 | May be accepted. Record it in the Gifts Register within 5 working days.',
        'Over EUR 50 and up to EUR 150 | Needs written approval from your line manager.',
        'Over EUR 150 | Needs approval from the Compliance Officer.',
      ].join('\n'),
    );
    const rows = structureDocument(stored, 'pdf').filter((b) => b.type === 'table_row');
    expect(rows.map((r) => r.cells![0])).toEqual([
      'Value',
      'Up to EUR 50',
      'Over EUR 50 and up to EUR 150',
      'Over EUR 150',
    ]);
    expect(rows[0]!.header).toBe(true);
  });

  it('docx: heading styles as "#", Word numbering as "1.", tables as Markdown rows', async () => {
    const doc = new Document({
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
          children: [
            ...ANTI_BRIBERY_DOCX.map((p) =>
              p.heading
                ? new Paragraph({
                    text: p.text,
                    heading: p.heading === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
                  })
                : new Paragraph(p.text),
            ),
            new Paragraph({ text: 'Declaring a gift', heading: HeadingLevel.HEADING_2 }),
            ...[
              'Open the gift register on the intranet.',
              'Complete Form HR-12 with the value and the giver.',
              'Send the form to your line manager.',
            ].map((text) => new Paragraph({ text, numbering: { reference: 'steps', level: 0 } })),
            new Table({
              rows: [
                ['Term', 'Meaning'],
                ['Gift', 'Anything of value given without payment'],
              ].map(
                (cells) =>
                  new TableRow({
                    children: cells.map((c) => new TableCell({ children: [new Paragraph(c)] })),
                  }),
              ),
            }),
          ],
        },
      ],
    });
    const stored = await extract('docx', await Packer.toBuffer(doc));
    expect(stored.startsWith('# Anti-Bribery and Corruption Policy\n')).toBe(true);
    expect(stored).toContain('\n## Gifts and hospitality\n');
    expect(stored).toContain(
      '\n1. Open the gift register on the intranet.\n2. Complete Form HR-12 with the value and the giver.\n' +
        '3. Send the form to your line manager.\n',
    );
    expect(stored).toContain(
      '| Term | Meaning |\n| --- | --- |\n| Gift | Anything of value given without payment |',
    );
    expect(layoutText(stored, 'docx')).toBe(stored);
    const blocks = structureDocument(stored, 'docx');
    expect(brief(blocks).slice(0, 3)).toEqual([
      'heading 1: Anti-Bribery and Corruption Policy',
      'heading 2: Purpose',
      'paragraph: Meridian Logistics does not tolerate bribery in any form. This policy sets out what employees, agents and contractors must do to comply with the UK Bribery Act 2010.',
    ]);
    expect(blocks.filter((b) => b.type === 'list_item').map((b) => b.ordinal)).toEqual([1, 2, 3]);
    expect(blocks.find((b) => b.type === 'table_row')).toMatchObject({
      cells: ['Term', 'Meaning'],
      header: true,
    });
    expect(blocks.map((b) => b.text).join('\n')).not.toMatch(/Policy owner|Version 2\.1/);
    expectInParts(stored, blocks);
  });

  it('pptx: each slide a heading, its title a heading, its text boxes list items', async () => {
    const stored = await extract('pptx', await pptxFile(SEPSIS_SLIDES));
    expect(stored).toContain(
      '## Slide 2\n\nScreen every deteriorating patient\nUse the sepsis screening tool for any patient with a ' +
        'NEWS2 score of 5 or more\nEscalate to the doctor within 30 minutes',
    );
    expect(layoutText(stored, 'pptx')).toBe(stored);
    const blocks = structureDocument(stored, 'pptx');
    expect(brief(blocks).slice(0, 6)).toEqual([
      'heading 1: Slide 1',
      'heading 2: Recognising Sepsis',
      'list_item 1: Ward nurse induction 2025',
      'heading 1: Slide 2',
      'heading 2: Screen every deteriorating patient',
      'list_item 1: Use the sepsis screening tool for any patient with a NEWS2 score of 5 or more',
    ]);
    expectInParts(stored, blocks);
  });

  it('xlsx: rows of a sheet as table rows under the sheet, the first row the header', async () => {
    const stored = await extract('xlsx', await xlsxFile({ Limits: HACCP_SHEET }));
    const blocks = structureDocument(stored, 'xlsx');
    expect(blocks[0]).toMatchObject({ type: 'heading', text: 'Sheet: Limits', level: 1 });
    expect(blocks[1]).toMatchObject({ type: 'table_row', header: true, cells: HACCP_SHEET[0] });
    expect(blocks[2]!.cells).toEqual(HACCP_SHEET[1]!.map(String));
    expect(blocks).toHaveLength(1 + HACCP_SHEET.length);
    expectInParts(stored, blocks);
  });

  it('pptx: a table on a slide is read as table rows, not one line per cell', async () => {
    type Slide = {
      addText(t: string, o: object): void;
      addTable(rows: { text: string }[][], o: object): void;
    };
    const Pptx = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as new () => {
      addSlide(): Slide;
      write(o: { outputType: 'nodebuffer' }): Promise<unknown>;
    };
    const deck = new Pptx();
    const slide = deck.addSlide();
    slide.addText('Deadlines at a glance', { x: 0.5, y: 0.3, w: 8, h: 0.6 });
    const rows = [
      ['Who', 'Tells whom', 'Deadline'],
      ['You', 'The DPO (form DP-7)', '1 hour'],
      ['The DPO', 'The ICO', '72 hours'],
    ];
    slide.addTable(
      rows.map((r) => r.map((text) => ({ text }))),
      { x: 0.5, y: 1.2, w: 8 },
    );
    const stored = await extract('pptx', (await deck.write({ outputType: 'nodebuffer' })) as Buffer);
    expect(stored).toContain(
      'Deadlines at a glance\n| Who | Tells whom | Deadline |\n| --- | --- | --- |\n| You | The DPO (form DP-7) | 1 hour |',
    );
    const blocks = structureDocument(stored, 'pptx');
    expect(blocks.filter((b) => b.type === 'table_row').map((b) => [b.header ?? false, b.cells])).toEqual([
      [true, rows[0]],
      [false, rows[1]],
      [false, rows[2]],
    ]);
  });

  it('xlsx: a title written above the header row is not content; a one-column sheet is paragraphs', async () => {
    const stored = await extract(
      'xlsx',
      await xlsxFile({
        Checklist: [
          ['Orbis Software GmbH — Onboarding Checklist v4 (HR-ON-01)', '', ''],
          ['When', 'Task', 'Owner'],
          ['Day 1', 'Health and safety induction (30 minutes)', 'Facilities'],
        ],
        Notes: [['Note'], ['Probation lasts 6 months, with a formal review by day 90.']],
      }),
    );
    const blocks = structureDocument(stored, 'xlsx');
    expect(brief(blocks)).toEqual([
      'heading 1: Sheet: Checklist',
      'table_row: | When | Task | Owner |',
      'table_row: | Day 1 | Health and safety induction (30 minutes) | Facilities |',
      'heading 1: Sheet: Notes',
      'heading 3: Note',
      'paragraph: Probation lasts 6 months, with a formal review by day 90.',
    ]);
    expect(blocks[1]!.header).toBe(true);
    expectInParts(stored, blocks);
  });

  it('a spreadsheet written "A | B | C": rows and their header', () => {
    const blocks = structureDocument(HACCP_SHEET_TEXT, 'xlsx');
    expect(blocks.map((b) => b.type)).toEqual(HACCP_SHEET.map(() => 'table_row'));
    expect(blocks[0]!.header).toBe(true);
    expect(blocks[3]!.cells).toEqual([
      'Hot holding',
      'Growth of pathogens',
      'Above 63 °C',
      'Check every 2 hours',
      'Shift supervisor',
    ]);
  });
});

describe('tables in plain text', () => {
  it('columns aligned with spaces are table rows, stored as "A | B | C"', () => {
    const raw = [
      'Gift value          Action                         Approver',
      'Up to EUR 50        Accept and record               None',
      'EUR 50 to EUR 150   Declare on Form HR-12           Line manager',
      '',
      'Gifts are declared within 5 working days.  The register is audited yearly.',
    ].join('\n');
    const stored = layoutText(raw, 'txt');
    expect(stored).toBe(
      'Gift value | Action | Approver\nUp to EUR 50 | Accept and record | None\n' +
        'EUR 50 to EUR 150 | Declare on Form HR-12 | Line manager\n\n' +
        'Gifts are declared within 5 working days. The register is audited yearly.',
    );
    expect(layoutText(stored, 'txt')).toBe(stored);
    const rows = structureDocument(stored, 'txt').filter((b) => b.type === 'table_row');
    expect(rows.map((r) => [r.header ?? false, r.cells])).toEqual([
      [true, ['Gift value', 'Action', 'Approver']],
      [false, ['Up to EUR 50', 'Accept and record', 'None']],
      [false, ['EUR 50 to EUR 150', 'Declare on Form HR-12', 'Line manager']],
    ]);
  });
});

describe('boilerplate', () => {
  it('page furniture goes, metadata lines are kept in the text but are not blocks', () => {
    const raw = [
      'ACME Foods Ltd',
      'Allergen Control Policy',
      'Document owner: Food Safety Manager',
      'Version 3.2',
      'Confidential',
      '',
      'Staff must wear clean protective clothing in production areas.',
      '',
      'Page 2 of 7',
      '- 3 -',
      '12',
    ].join('\n');
    const stored = layoutText(raw, 'txt');
    expect(stored).not.toMatch(/Page 2 of 7|- 3 -|\n12$/);
    expect(stored).toContain('Document owner: Food Safety Manager');
    const texts = structureDocument(stored, 'txt').map((b) => b.text);
    expect(texts).toEqual([
      'ACME Foods Ltd',
      'Allergen Control Policy',
      'Staff must wear clean protective clothing in production areas.',
    ]);
  });

  it('title-block tables, metadata written in columns and registration lines are not blocks', () => {
    const raw = [
      'Hand Hygiene and Glove Use Procedure',
      '| Document no. | IPC-P-014 | Version | 5.2 |',
      '| --- | --- | --- | --- |',
      '| Owner | Lead Nurse, Infection Prevention | Review date | March 2027 |',
      '',
      'Owner: Head of Loss Prevention | Effective: 1 April 2025',
      '',
      'Staff must be bare below the elbows in clinical areas.',
      '',
      'Harlow & Finch Stores Ltd - Registered in England No. 04882130',
    ].join('\n');
    expect(structureDocument(raw, 'docx').map((b) => b.text)).toEqual([
      'Hand Hygiene and Glove Use Procedure',
      'Staff must be bare below the elbows in clinical areas.',
    ]);
  });

  it('a running text line that happens to repeat stays', () => {
    const raw = [
      'Wash your hands.',
      'Then dry them with a paper towel.',
      '',
      'Wash your hands.',
      'Leave the room.',
    ].join('\n');
    expect(structureDocument(raw, 'txt').map((b) => b.text)).toEqual([
      'Wash your hands.',
      'Then dry them with a paper towel.',
      'Wash your hands.',
      'Leave the room.',
    ]);
  });
});

describe('parts', () => {
  it('every block lies in one stored chunk; a block the chunker cuts is split at the cut', () => {
    const sentence = (i: number) =>
      `Sentence ${i} of this long paragraph explains one more detail of the rule.`;
    const raw = `Long rules\n\n${Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ')}\n\nShort closing line here.`;
    const stored = layoutText(raw, 'txt');
    const blocks = structureDocument(stored, 'txt');
    expect(new Set(blocks.map((b) => b.part)).size).toBeGreaterThan(2);
    expect(blocks.filter((b) => b.continued).length).toBeGreaterThan(0);
    expectInParts(stored, blocks);
    // the pieces rebuild the paragraph
    const paragraph = blocks.filter((b) => b.type === 'paragraph' && b.text.startsWith('Sentence'));
    expect(paragraph.map((b) => b.text).join(' ')).toBe(
      Array.from({ length: 40 }, (_, i) => sentence(i)).join(' '),
    );
  });

  it('the stored text comes back from its chunk rows (FileChunk text, startOffset, endOffset)', () => {
    const stored = layoutText(HAND_HYGIENE_TXT, 'txt');
    const rows = chunkText(stored, 300, 60).map((c) => ({
      text: c.text,
      startOffset: c.start,
      endOffset: c.end,
    }));
    expect(textFromChunks(rows)).toBe(stored);
  });
});

describe('a long document', () => {
  it('lays out and structures 100,000 characters', () => {
    const raw = longDocument(100_000);
    expect(raw.length).toBeGreaterThanOrEqual(100_000);
    const stored = layoutText(raw, 'txt');
    expect(stored).not.toContain('Page 7 of 400');
    expect(layoutText(stored, 'txt')).toBe(stored);
    const blocks = structureDocument(stored, 'txt');
    expect(blocks.filter((b) => b.type === 'heading').length).toBeGreaterThan(150);
    expectInParts(stored, blocks);
  });
});

describe('a checklist of short lines', () => {
  const raw =
    'Forklift pre-shift checklist\nInspect the forks for cracks before every shift\nTest the horn and the warning lights\n' +
    'Check the hydraulic fluid level\nFasten the seat belt before moving\n';

  it('is one item a line under its title, not one run-on paragraph (nor a heading a line)', () => {
    const blocks = structureDocument(layoutText(raw, 'txt'), 'txt');
    expect(blocks.map((b) => [b.type, b.text])).toEqual([
      ['heading', 'Forklift pre-shift checklist'],
      ['list_item', 'Inspect the forks for cracks before every shift'],
      ['list_item', 'Test the horn and the warning lights'],
      ['list_item', 'Check the hydraulic fluid level'],
      ['list_item', 'Fasten the seat belt before moving'],
    ]);
  });

  it('still joins a hard-wrapped sentence whose next line starts with a name', () => {
    const wrapped =
      'Report any dermatitis or cracked skin on your hands to the ward manager and to\n' +
      'Occupational Health before your next shift starts, and keep a record of it.\n' +
      'Alcohol-based hand rub is applied for 20 to 30 seconds until the hands are dry,\n' +
      'covering all surfaces of the hands and wrists as shown on the poster by the sink.\n';
    const blocks = structureDocument(layoutText(wrapped, 'txt'), 'txt');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    expect(blocks[0]!.text).toContain('to Occupational Health before');
    expect(blocks[1]!.text).toContain('dry, covering all surfaces');
  });
});
