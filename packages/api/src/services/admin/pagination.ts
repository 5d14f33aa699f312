// SPEC §3 Pagination: page, limit, total, pages.
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export function paginationOf(input: { page: number; limit: number }, total: number): Pagination {
  return { page: input.page, limit: input.limit, total, pages: Math.ceil(total / input.limit) };
}

/** Integer cents as dollars (SPEC §2: revenue and amounts are shown in dollars). */
export const dollars = (cents: number) => Math.round(cents) / 100;

/** A percentage to one decimal (SPEC §9); 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** The first instant of the UTC month `offset` months from the one containing `now`. */
export function monthStart(now: Date, offset = 0): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}
