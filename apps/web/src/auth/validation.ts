// Client-side checks of the auth forms with the server's own zod schemas (`@app/api/schemas`), so the browser and
// the API agree on every rule. A failure shows the first issue's message as it is (no field-path prefix).

interface SafeParser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

export type Checked<T> = { ok: true; data: T } | { ok: false; message: string };

export function check<T>(schema: SafeParser<T>, value: unknown): Checked<T> {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, message: r.error.issues[0]?.message ?? 'Invalid input' };
}
