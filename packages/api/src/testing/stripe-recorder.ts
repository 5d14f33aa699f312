// A local HTTP server standing in for Stripe's API in tests: it records every request the SDK sends and
// answers with whatever `respond` returns. Point the SDK at it with config.stripe.apiBase.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** Form body (POST) or query string (GET). */
  body: URLSearchParams;
}

export interface StripeRecorder {
  apiBase: string;
  recorded: RecordedStripeRequest[];
  close(): Promise<void>;
}

export async function startStripeRecorder(
  respond: (r: RecordedStripeRequest) => [status: number, json: unknown],
): Promise<StripeRecorder> {
  const recorded: RecordedStripeRequest[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r = {
        method: req.method ?? '',
        path: url.pathname,
        body: new URLSearchParams(req.method === 'GET' ? url.search : data),
      };
      recorded.push(r);
      const [status, json] = respond(r);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    recorded,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe subscription object as the API returns it: trialing for 7 days on one price by default. */
export function stripeSubscriptionFixture(
  o: { id?: string; priceId?: string; periodDays?: number } & Record<string, unknown> = {},
) {
  const { id = 'sub_1', priceId = 'price_pro_monthly', periodDays = 7, ...over } = o;
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    customer: 'cus_1',
    status: 'trialing',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    trial_start: now,
    trial_end: now + 7 * 86400,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id === 'sub_1' ? '1' : id}`,
          price: { id: priceId },
          quantity: 1,
          current_period_start: now,
          current_period_end: now + periodDays * 86400,
        },
      ],
    },
    ...over,
  };
}
