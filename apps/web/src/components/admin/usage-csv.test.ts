import { describe, expect, it } from 'vitest';
import { buildUsageCsv, csvCell, type CsvLogEntry } from './usage-csv';

const entry = (over: Partial<CsvLogEntry> = {}): CsvLogEntry => ({
  user: { email: 'ada@example.com' },
  action: 'CHAT_MESSAGE',
  timestamp: new Date('2026-03-04T05:06:07.000Z'),
  usage: 1,
  status: 'success',
  endpoint: '/api/chat/sessions/s1/messages',
  details: 'Message sent',
  ...over,
});

/** Splits CSV text into rows of cells (RFC 4180: quoted cells may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('usage logs CSV (SPEC §7)', () => {
  it('has the §7 header after a byte-order mark, then one CRLF line per entry', () => {
    const csv = buildUsageCsv([entry(), entry({ action: 'USER_LOGIN' })]);
    expect(csv.startsWith('\uFEFFUser,Action,Timestamp,Usage,Status,Endpoint,Details\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      'ada@example.com',
      'CHAT_MESSAGE',
      '2026-03-04T05:06:07.000Z',
      '1',
      'success',
      '/api/chat/sessions/s1/messages',
      'Message sent',
    ]);
  });

  it('an empty page is just the header', () => {
    expect(buildUsageCsv([])).toBe('\uFEFFUser,Action,Timestamp,Usage,Status,Endpoint,Details\r\n');
  });

  it('keeps commas, quotes and newlines inside one quoted cell', () => {
    const details = 'Said "hi", then\nleft; also\r\na CRLF';
    const csv = buildUsageCsv([entry({ details })]);
    expect(csv).toContain('"Said ""hi"", then\nleft; also\r\na CRLF"');
    const rows = parseCsv(csv.slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1]![6]).toBe(details);
  });

  it('neutralises cells a spreadsheet would run as a formula (= + - @ tab CR)', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(bad)).toBe(`"'${bad.replace(/"/g, '""')}"`);
    }
    const rows = parseCsv(
      buildUsageCsv([entry({ details: '=cmd|calc', user: { email: '@evil' } })]).slice(1),
    );
    expect(rows[1]![0]).toBe("'@evil");
    expect(rows[1]![6]).toBe("'=cmd|calc");
    // Text that merely contains those characters is left alone.
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('user-1@example.com')).toBe('"user-1@example.com"');
  });

  it('numbers stay numbers (negative usage is a number, not a formula); missing values are empty', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(Number.NaN)).toBe('""');
    expect(csvCell(null)).toBe('""');
    const rows = parseCsv(buildUsageCsv([entry({ user: null, details: null })]).slice(1));
    expect(rows[1]![0]).toBe('');
    expect(rows[1]![6]).toBe('');
  });

  it('accepts timestamps that arrive as text', () => {
    const rows = parseCsv(buildUsageCsv([entry({ timestamp: '2026-01-01T00:00:00.000Z' })]).slice(1));
    expect(rows[1]![2]).toBe('2026-01-01T00:00:00.000Z');
  });
});
