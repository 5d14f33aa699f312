// The trial sign-up form's checks (SPEC §5 Signup): the full name split into first and last name, and the account
// fields validated with the server's own registration schema, so the browser and the API agree on every rule.
import { registerSchema } from '@app/api/schemas';

/** The account part of the registration payload, checked with the server's own schema before the card. */
const accountSchema = registerSchema.pick({ email: true, password: true, firstName: true, lastName: true });

const FIELD_TITLES: Record<string, string> = {
  email: 'Invalid email',
  password: 'Invalid password',
  firstName: 'Invalid name',
  lastName: 'Invalid name',
};

/** The first problem of the account fields as a toast title and text, or null when they are valid. */
export function accountProblem(account: {
  email: string;
  password: string;
  firstName: string;
  lastName?: string;
}): { title: string; description: string } | null {
  const parsed = accountSchema.safeParse(account);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  const title =
    field === 'password' && issue?.code === 'too_small' ? 'Password too short' : FIELD_TITLES[field];
  return { title: title ?? 'Please check your details', description: issue?.message ?? 'Invalid input' };
}

/** Splits the full name on spaces: the first word is firstName, the rest lastName (omitted if empty). */
export function splitFullName(fullName: string): { firstName: string; lastName?: string } {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.join(' ');
  return last ? { firstName: first, lastName: last } : { firstName: first };
}
