// Extraction, sniffing, names, chunking and the zip guard, on small real files built in the test.
import { describe, expect, it } from 'vitest';
import { chunkText } from './chunking.js';
import { decodeText, extractText, type ExtractKind } from './extractors.js';
import { sanitizeFilename } from './names.js';
import { sniffUpload } from './sniff.js';
import {
  docxFile,
  ELF_BYTES,
  notAWordDoc,
  pdfFile,
  plainZip,
  PNG_1X1,
  pptFile,
  pptxFile,
  xlsFile,
  xlsxFile,
  zipBombDocx,
} from './testing/fixtures.js';
import { assertZipWithinLimits, ZipLimitError } from './zip-guard.js';

const opts = { maxChars: 100_000, maxUnpackedBytes: 50 * 1024 * 1024 };
const extract = (kind: ExtractKind, bytes: Uint8Array, o = opts) => extractText(kind, bytes, o);
// 'latin1' maps code points 0–255 only: write the Windows-1252 bytes of —, “, ” and € by hand.
const win1252 = Buffer.concat([
  Buffer.from('Caf\xe9 cr\xe8me br\xfbl\xe9e \x97 na\xefve fa\xe7ade, \x93quoted\x94 10 \x80\r\n', 'latin1'),
  Buffer.from('Second line\r\n', 'latin1'),
]);

describe('extractors', () => {
  it('docx (mammoth)', async () => {
    const r = await extract('docx', await docxFile(['Safety checklist', 'Wear gloves at all times.']));
    expect(r.text).toContain('Safety checklist');
    expect(r.text).toContain('Wear gloves at all times.');
    expect(r.truncated).toBe(false);
  });

  it('xlsx (exceljs) as Markdown tables per sheet', async () => {
    const r = await extract(
      'xlsx',
      await xlsxFile({
        Budget: [
          ['Item', 'Cost'],
          ['Venue', 1200],
          ['Catering | lunch', 300],
        ],
      }),
    );
    expect(r.text).toContain('## Sheet: Budget');
    expect(r.text).toContain('| Item | Cost |');
    expect(r.text).toContain('| Venue | 1200 |');
    expect(r.text).toContain('Catering \\| lunch');
  });

  it('pptx (slides and their text runs)', async () => {
    const r = await extract(
      'pptx',
      await pptxFile([['Onboarding week one'], ['Meet your buddy', 'Tour the site']]),
    );
    expect(r.text).toMatch(/## Slide 1\s+Onboarding week one/);
    expect(r.text).toMatch(/## Slide 2\s+Meet your buddy\nTour the site/);
  });

  it('pdf (unpdf), page by page', async () => {
    const r = await extract('pdf', await pdfFile([['Fire drill procedure'], ['Assemble at point B']]));
    expect(r.text).toContain('Fire drill procedure');
    expect(r.text).toContain('Assemble at point B');
  });

  it('txt in Windows-1252 with accents (chardet)', async () => {
    expect(decodeText(win1252).encoding).toMatch(/windows-1252|ISO-8859-1/i);
    const r = await extract('txt', win1252);
    expect(r.text).toBe('Café crème brûlée — naïve façade, “quoted” 10 €\nSecond line');
  });

  it('txt in UTF-8 and UTF-16 with a BOM', async () => {
    expect((await extract('txt', Buffer.from('Grüße, 你好'))).text).toBe('Grüße, 你好');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]);
    expect((await extract('txt', utf16)).text).toBe('Grüße');
  });

  it('csv (papaparse) as a Markdown table with the header repeated per block', async () => {
    const rows = ['Name,Role,Note', 'Ana,Designer,"Likes ""quotes"", commas"'];
    for (let i = 0; i < 60; i++) rows.push(`Person ${i},Role ${i},Note number ${i}`);
    const r = await extract('csv', Buffer.from(rows.join('\r\n')));
    expect(
      r.text.startsWith(
        '| Name | Role | Note |\n| --- | --- | --- |\n| Ana | Designer | Likes "quotes", commas |',
      ),
    ).toBe(true);
    expect(r.text.split('| Name | Role | Note |').length).toBeGreaterThan(2);
    expect(r.text).toContain('| Person 59 | Role 59 | Note number 59 |');
  });

  it('legacy ppt: text atoms, best effort', async () => {
    const r = await extract('ppt', pptFile(['Quarterly review', 'Résumé of goals']));
    expect(r.text).toContain('Quarterly review');
    expect(r.text).toContain('Résumé of goals');
  });

  it('legacy xls: sheet names and shared strings, best effort (CONTINUE records too)', async () => {
    const r = await extract(
      'xls',
      xlsFile('Roster', ['Name', 'Department', 'A rather long string split across']),
    );
    expect(r.text).toContain('Sheets: Roster');
    expect(r.text).toContain('Department');
    expect(r.text).toContain('A rather long string split across');
  });

  it('legacy doc that is not a Word document: a clear error, no crash', async () => {
    await expect(extract('doc', notAWordDoc())).rejects.toThrow(/Could not read this \.doc file/);
    await expect(extract('xls', notAWordDoc())).rejects.toThrow(/not a \.xls document/);
    await expect(extract('ppt', Buffer.from('garbage'))).rejects.toThrow(/\.ppt file/);
  });

  it('caps the text at maxChars and says so', async () => {
    const r = await extract('txt', Buffer.from('word '.repeat(10_000)), { ...opts, maxChars: 1000 });
    expect(r.text.length).toBeLessThanOrEqual(1000);
    expect(r.truncated).toBe(true);
  });
});

describe('zip guard', () => {
  it('refuses a docx that unpacks past the limit, counting real output (not declared sizes)', async () => {
    const bomb = zipBombDocx(120);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    expect(() => assertZipWithinLimits(bomb, 100 * 1024 * 1024)).toThrow(ZipLimitError);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(extract('docx', bomb)).rejects.toThrow(/unpacks to more than 50 MB/);
  });

  it('counts what really comes out when the zip directory lies about sizes', () => {
    const bomb = zipBombDocx(120, { lying: true });
    expect(() => assertZipWithinLimits(bomb, 100 * 1024 * 1024)).toThrow(/unpacks to more than 100 MB/);
  });

  it('lets ordinary files through', async () => {
    expect(() => assertZipWithinLimits(new Uint8Array(plainZip()), 1024 * 1024)).not.toThrow();
  });
});

describe('sniffing', () => {
  it('accepts each type when extension and content agree', async () => {
    const cases: [string, Uint8Array][] = [
      ['a.docx', await docxFile(['x'])],
      ['a.xlsx', await xlsxFile({ S: [['x']] })],
      ['a.pptx', await pptxFile([['x']])],
      ['a.pdf', await pdfFile([['x']])],
      ['a.png', PNG_1X1],
      ['a.ppt', pptFile(['x'])],
      ['a.xls', xlsFile('S', ['x'])],
      ['a.doc', notAWordDoc()],
      ['a.txt', win1252],
      ['a.csv', Buffer.from('a,b\n1,2\n')],
    ];
    for (const [name, bytes] of cases) {
      const r = await sniffUpload(name, bytes.subarray(0, 65536), true);
      expect(r, name).toMatchObject({ ok: true });
    }
  });

  it('refuses mismatches and other types', async () => {
    const refused: [string, Uint8Array][] = [
      ['setup.pdf', ELF_BYTES],
      ['photo.docx', PNG_1X1],
      ['archive.docx', plainZip()],
      ['notes.txt', PNG_1X1],
      ['data.csv', ELF_BYTES],
      ['tool.exe', ELF_BYTES],
      ['README', Buffer.from('hello')],
      ['slides.pptx', await docxFile(['x'])],
    ];
    for (const [name, bytes] of refused) {
      const r = await sniffUpload(name, bytes, true);
      expect(r, name).toMatchObject({ ok: false });
    }
  });
});

describe('names', () => {
  it('keeps the last path segment, drops controls, leading dots and bidi overrides, caps 255 bytes', () => {
    expect(sanitizeFilename('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFilename('..\\..\\boot.ini.txt')).toBe('boot.ini.txt');
    expect(sanitizeFilename('.hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFilename('bad\u0000na\u0007me\u202Etxt.exe.txt')).toBe('badnametxt.exe.txt');
    expect(sanitizeFilename('   ')).toBe('file');
    const long = sanitizeFilename(`${'é'.repeat(300)}.docx`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('chunking', () => {
  it('overlapping passages of about 1,000 characters cut at paragraph or sentence ends', () => {
    const para = (i: number) =>
      Array.from({ length: 6 }, (_, j) => `Sentence ${j} of paragraph ${i} says something useful.`).join(' ');
    const text = Array.from({ length: 12 }, (_, i) => para(i)).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(1000);
      expect(text.slice(c.start, c.end)).toBe(c.text);
    }
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end); // overlap
      expect(chunks[i]!.start).toBeGreaterThan(chunks[i - 1]!.start);
    }
    expect(chunks[0]!.text.endsWith('.')).toBe(true);
    expect(chunks.at(-1)!.end).toBe(text.length);
  });

  it('handles text without spaces', () => {
    const chunks = chunkText('x'.repeat(2500));
    expect(chunks.map((c) => c.text.length)).toEqual([1000, 1000, 800]);
  });
});
