// Billing links follow the address the app was opened at: at http://127.0.0.1:3000 a checkout or portal link
// to http://localhost:3000 would land on a login page (the session's cookies belong to 127.0.0.1). The
// simulator's own pages are linked by path; return URLs use APP_URL when it is set, else the request's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing.js';

let plain: TestServer;
let configured: TestServer;
beforeAll(async () => {
  plain = await createTestServer();
  configured = await createTestServer({ appUrl: 'https://app.example.com', appUrlConfigured: true });
});
afterAll(async () => {
  await plain?.close();
  await configured?.close();
});

let n = 0;
async function trialUser(s: TestServer, host: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      email: `origin-${Date.now()}-${++n}@example.com`,
      password: 'Sturdy-Pass-2024',
      firstName: 'Ada',
      paymentMethodId: 'pm_card_visa',
      selectedPriceId: 'price_starter_monthly',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

const call = (s: TestServer, host: string, token: string, url: string, payload?: unknown) =>
  s.app.inject({
    method: 'POST',
    url,
    headers: { host, authorization: `Bearer ${token}` },
    payload: payload as never,
  });

describe('billing links and the origin', () => {
  it('without APP_URL: simulator pages by path, the portal returns to the origin the request came from', async () => {
    const host = '127.0.0.1:3999';
    const token = await trialUser(plain, host);
    const co = await call(plain, host, token, '/api/subscriptions/checkout', {
      priceId: 'price_pro_monthly',
    });
    expect(co.statusCode).toBe(200);
    expect(co.json().checkoutUrl).toMatch(/^\/billing\/checkout\/cs_sim_/);

    const portal = await call(plain, host, token, '/api/billing/portal');
    expect(portal.statusCode).toBe(200);
    const url = new URL(portal.json().url, 'http://placeholder');
    expect(portal.json().url).toMatch(/^\/billing\/portal\?/);
    expect(url.searchParams.get('return_url')).toBe('http://127.0.0.1:3999/dashboard');
  });

  it('with APP_URL: return URLs use it, whatever the Host header says', async () => {
    const host = 'evil.example:80';
    const token = await trialUser(configured, host);
    const portal = await call(configured, host, token, '/api/billing/portal');
    const url = new URL(portal.json().url, 'http://placeholder');
    expect(url.searchParams.get('return_url')).toBe('https://app.example.com/dashboard');
  });
});
