// Small real files of every accepted type, built in the test with the libraries that write them (docx,
// exceljs, pdf-lib, pptxgenjs), plus synthetic legacy Office containers (cfb) and a zip bomb.
import * as CFB from 'cfb';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pptxgen from 'pptxgenjs';

export async function docxFile(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] });
  return Packer.toBuffer(doc);
}

export async function xlsxFile(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// pptxgenjs's types declare an ES default export over a CommonJS build; NodeNext typing sees the namespace.
interface Pptx {
  addSlide(): { addText(text: string, o: Record<string, number>): void };
  write(o: { outputType: 'nodebuffer' }): Promise<unknown>;
}
const PptxGenJS = ((pptxgen as unknown as { default?: unknown }).default ?? pptxgen) as new () => Pptx;

export async function pptxFile(slides: string[][]): Promise<Buffer> {
  const p = new PptxGenJS();
  for (const lines of slides) {
    const s = p.addSlide();
    lines.forEach((line, i) => s.addText(line, { x: 0.5, y: 0.5 + i * 0.8, w: 8, h: 0.6 }));
  }
  return (await p.write({ outputType: 'nodebuffer' })) as Buffer;
}

export async function pdfFile(pages: string[][], extraPages = 0): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const all = [...pages, ...Array.from({ length: extraPages }, (_, i) => [`Filler page ${i + 1}`])];
  for (const lines of all) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 20, font, size: 12 }));
  }
  return Buffer.from(await doc.save());
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Linux executable's first bytes (ELF header) followed by filler. */
export const ELF_BYTES = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  Buffer.alloc(2048, 0x90),
]);

function cfbFile(streams: Record<string, Uint8Array>): Buffer {
  const c = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(c, `/${name}`, Buffer.from(data));
  return Buffer.from(CFB.write(c, { type: 'buffer' }) as Uint8Array);
}

const record = (verInst: number, type: number, body: Buffer) => {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(verInst, 0);
  h.writeUInt16LE(type, 2);
  h.writeUInt32LE(body.length, 4);
  return Buffer.concat([h, body]);
};

/** A legacy .ppt: a container with one TextCharsAtom (UTF-16) and one TextBytesAtom (Latin-1) per line. */
export function pptFile(lines: string[]): Buffer {
  const atoms = lines.map((l, i) =>
    i % 2 === 0 ? record(0, 0x0fa0, Buffer.from(l, 'utf16le')) : record(0, 0x0fa8, Buffer.from(l, 'latin1')),
  );
  const container = record(0x0f, 0x03e8, Buffer.concat(atoms));
  return cfbFile({ 'PowerPoint Document': container });
}

/** A legacy .xls (BIFF8): a BOUNDSHEET and an SST with the strings, the last one split by a CONTINUE. */
export function xlsFile(sheet: string, strings: string[]): Buffer {
  const biff = (type: number, body: Buffer) => {
    const h = Buffer.alloc(4);
    h.writeUInt16LE(type, 0);
    h.writeUInt16LE(body.length, 2);
    return Buffer.concat([h, body]);
  };
  const bound = Buffer.concat([
    Buffer.alloc(6),
    Buffer.from([sheet.length, 0]),
    Buffer.from(sheet, 'latin1'),
  ]);
  const str = (s: string) => {
    const h = Buffer.alloc(3);
    h.writeUInt16LE(s.length, 0);
    return Buffer.concat([h, Buffer.from(s, 'latin1')]);
  };
  const head = Buffer.alloc(8);
  head.writeUInt32LE(strings.length, 0);
  head.writeUInt32LE(strings.length, 4);
  const last = strings.at(-1)!;
  const half = Math.floor(last.length / 2);
  const sst = Buffer.concat([
    head,
    ...strings.slice(0, -1).map(str),
    (() => {
      const h = Buffer.alloc(3);
      h.writeUInt16LE(last.length, 0);
      return Buffer.concat([h, Buffer.from(last.slice(0, half), 'latin1')]);
    })(),
  ]);
  // CONTINUE: a fresh flags byte, then the rest of the characters as UTF-16.
  const cont = Buffer.concat([Buffer.from([1]), Buffer.from(last.slice(half), 'utf16le')]);
  const stream = Buffer.concat([
    biff(0x0809, Buffer.alloc(16)),
    biff(0x0085, bound),
    biff(0x00fc, sst),
    biff(0x003c, cont),
    biff(0x000a, Buffer.alloc(0)),
  ]);
  return cfbFile({ Workbook: stream });
}

/** A CFB container that is no Word document (a .doc word-extractor must refuse). */
export function notAWordDoc(): Buffer {
  return cfbFile({ Junk: Buffer.from('nothing to see here') });
}

/**
 * A docx whose word/document.xml inflates to `unpackedMb` MB (about 1000:1), streamed through fflate so the
 * test never holds the unpacked text. `lying`: the zip directory declares every entry as 1,000 bytes.
 */
export function zipBombDocx(unpackedMb: number, o: { lying?: boolean } = {}): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const small = (name: string, text: string) => {
    const f = new ZipPassThrough(name);
    zip.add(f);
    f.push(new TextEncoder().encode(text), true);
  };
  small(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  small(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const doc = new ZipDeflate('word/document.xml', { level: 9 });
  zip.add(doc);
  doc.push(
    new TextEncoder().encode(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>',
    ),
  );
  const mb = new Uint8Array(1024 * 1024).fill(0x61); // "aaaa…"
  for (let i = 0; i < unpackedMb; i++) doc.push(mb);
  doc.push(new TextEncoder().encode('</w:t></w:r></w:p></w:body></w:document>'), true);
  zip.end();
  const bomb = Buffer.concat(out);
  if (o.lying) {
    const eocd = bomb.length - 22;
    let at = bomb.readUInt32LE(eocd + 16);
    for (let n = bomb.readUInt16LE(eocd + 10); n > 0; n--) {
      bomb.writeUInt32LE(1000, at + 24);
      at += 46 + bomb.readUInt16LE(at + 28) + bomb.readUInt16LE(at + 30) + bomb.readUInt16LE(at + 32);
    }
  }
  return bomb;
}

/** A plain zip (no Office content types): neither docx nor anything else accepted. */
export function plainZip(): Buffer {
  return Buffer.from(zipSync({ 'hello.txt': new TextEncoder().encode('hello') }));
}
