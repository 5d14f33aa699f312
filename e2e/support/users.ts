// Creates users through the server's test-only endpoint and signs the browser in as them.
import type { APIRequestContext, Page } from '@playwright/test';

export interface E2EUserOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string | null;
  verified?: boolean;
  isAdmin?: boolean;
  plan?: 'starter' | 'pro' | 'team';
  cycle?: 'monthly' | 'annual';
  status?: 'ACTIVE' | 'TRIALING' | 'PAST_DUE' | 'CANCELED' | 'INCOMPLETE' | 'INCOMPLETE_EXPIRED' | 'INACTIVE';
  messageLimit?: number;
}

export interface E2EUser {
  user: { id: string; email: string; firstName: string; lastName: string | null };
  password: string;
  accessToken: string;
}

let counter = 0;
export async function createUser(request: APIRequestContext, o: E2EUserOptions = {}): Promise<E2EUser> {
  const email = o.email ?? `e2e-${Date.now()}-${++counter}@example.com`;
  const res = await request.post('/api/test/users', { data: { ...o, email } });
  if (res.status() !== 201) throw new Error(`createUser failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as E2EUser;
}

/**
 * Puts the access token where the web app keeps it, then opens `path`. The token is written from a small JSON
 * response of the same origin: loading a page of the app first cost a whole start of the app per sign-in.
 */
export async function signInAs(page: Page, u: E2EUser, path = '/dashboard') {
  await page.goto('/api/health');
  await page.evaluate((t) => localStorage.setItem('accessToken', t), u.accessToken);
  await page.goto(path);
}
