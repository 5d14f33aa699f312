// The client-side CSV of the usage logs on screen (SPEC §7: "CSV export is done on the client from the currently
// loaded page of logs"): columns User (email), Action, Timestamp, Usage, Status, Endpoint, Details. The same
// cell rules as the server's export of every row (services/admin/logs.ts): RFC 4180 quoting, and text a
// spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV-injection advice).
import { USAGE_CSV_COLUMNS } from '@app/api/schemas';

export type CsvValue = string | number | null | undefined;

/** Cells starting with these would be read as a formula by Excel, LibreOffice or Google Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text always quoted with quotes doubled, formula-leading text neutralised. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '""';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: CsvValue[]) => cells.map(csvCell).join(',');

/** What one row needs from a log entry. */
export interface CsvLogEntry {
  user: { email: string } | null;
  action: string;
  timestamp: Date | string;
  usage: number;
  status: string;
  endpoint: string;
  details: string | null;
}

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/**
 * The CSV text: a byte-order mark (so Excel reads UTF-8), the header, one line per entry, CRLF line ends.
 * Newlines inside a cell stay inside its quotes.
 */
export function buildUsageCsv(logs: readonly CsvLogEntry[]): string {
  const lines = [
    USAGE_CSV_COLUMNS.join(','),
    ...logs.map((e) =>
      csvLine([
        e.user?.email ?? '',
        e.action,
        iso(e.timestamp),
        e.usage,
        e.status,
        e.endpoint,
        e.details ?? '',
      ]),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
