// The Stripe implementation against a local HTTP server that records the SDK's requests.
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config.js';
import {
  startStripeRecorder,
  stripeSubscriptionFixture as subscription,
  type RecordedStripeRequest as Recorded,
  type StripeRecorder,
} from '../../testing/stripe-recorder.js';
import { StripeProvider, stripeClientOptions } from './stripe.js';
import { CardError, WebhookSignatureError } from './types.js';

let stripe: StripeRecorder;
let base: string;
let recorded: Recorded[] = [];

function respond(r: Recorded): [number, unknown] {
  const key = `${r.method} ${r.path}`;
  if (key === 'POST /v1/customers') {
    if (r.body.get('payment_method') === 'pm_card_chargeDeclined')
      return [
        402,
        {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      ];
    return [200, { id: 'cus_1', object: 'customer' }];
  }
  if (key === 'DELETE /v1/customers/cus_1') return [200, { id: 'cus_1', deleted: true }];
  if (key === 'GET /v1/promotion_codes')
    return [200, { object: 'list', data: [{ id: 'promo_1', code: '2MONTHSFREE' }], has_more: false }];
  if (key === 'POST /v1/subscriptions') return [200, subscription()];
  if (key === 'GET /v1/subscriptions/sub_1') return [200, subscription()];
  if (key === 'GET /v1/subscriptions/sub_gone')
    return [
      404,
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } },
    ];
  if (key === 'POST /v1/subscriptions/sub_1')
    return [
      200,
      subscription({
        status: r.body.get('trial_end') === 'now' ? 'active' : 'trialing',
        cancel_at_period_end: r.body.get('cancel_at_period_end') === 'true',
      }),
    ];
  if (key === 'DELETE /v1/subscriptions/sub_1') return [200, subscription({ status: 'canceled' })];
  if (key === 'POST /v1/checkout/sessions')
    return [200, { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.test/cs_1' }];
  if (key === 'GET /v1/checkout/sessions/cs_1')
    return [200, { id: 'cs_1', subscription: 'sub_1', customer: 'cus_1', client_reference_id: 'user_1' }];
  if (key === 'POST /v1/billing_portal/sessions')
    return [200, { id: 'bps_1', url: 'https://billing.stripe.test/p' }];
  return [404, { error: { type: 'invalid_request_error', message: `unexpected ${key}` } }];
}

beforeAll(async () => {
  stripe = await startStripeRecorder(respond);
  base = stripe.apiBase;
});
afterAll(() => stripe.close());
beforeEach(() => {
  stripe.recorded.length = 0;
  recorded = stripe.recorded;
});

const provider = () =>
  new StripeProvider(
    testConfig({
      stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_test', apiBase: base },
      appUrl: 'https://app.test',
    }),
  );

describe('StripeProvider against a recording server', () => {
  it('STRIPE_API_BASE becomes the SDK host, port and protocol', () => {
    expect(stripeClientOptions('http://127.0.0.1:4010')).toMatchObject({
      host: '127.0.0.1',
      port: '4010',
      protocol: 'http',
    });
  });

  it('creates the customer with the card as default payment method', async () => {
    const p = provider();
    expect(
      await p.createCustomer({ email: 'a@b.co', name: 'Ada L', paymentMethodId: 'pm_card_visa' }),
    ).toEqual({
      customerId: 'cus_1',
    });
    const r = recorded.find((x) => x.path === '/v1/customers')!;
    expect(r.body.get('payment_method')).toBe('pm_card_visa');
    expect(r.body.get('invoice_settings[default_payment_method]')).toBe('pm_card_visa');
    expect(r.body.get('email')).toBe('a@b.co');
  });

  it('a declined card becomes a CardError with the provider message', async () => {
    const err = await provider()
      .createCustomer({ email: 'a@b.co', name: 'A', paymentMethodId: 'pm_card_chargeDeclined' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({
      message: 'Your card was declined.',
      code: 'card_error',
      declineCode: 'generic_decline',
    });
  });

  it('trial subscription: 7 days, seat quantity, 2MONTHSFREE on annual prices', async () => {
    const p = provider();
    const sub = await p.createTrialSubscription({
      customerId: 'cus_1',
      priceId: 'price_team_annual',
      quantity: 3,
      annual: true,
      trialDays: 7,
    });
    expect(sub).toMatchObject({ id: 'sub_1', status: 'trialing', priceId: 'price_pro_monthly', quantity: 1 });
    expect(sub.trialEnd).toBeInstanceOf(Date);
    const r = recorded.find((x) => x.method === 'POST' && x.path === '/v1/subscriptions')!;
    expect(r.body.get('trial_period_days')).toBe('7');
    expect(r.body.get('items[0][price]')).toBe('price_team_annual');
    expect(r.body.get('items[0][quantity]')).toBe('3');
    expect(r.body.get('discounts[0][promotion_code]')).toBe('promo_1');
    expect(recorded.some((x) => x.path === '/v1/promotion_codes')).toBe(true);
  });

  it('plan change with proration; end trial; cancel at period end; cancel now', async () => {
    const p = provider();
    const changed = await p.changePrice({
      subscriptionId: 'sub_1',
      priceId: 'price_pro_monthly',
      quantity: 1,
      annual: false,
      endTrial: true,
    });
    expect(changed.status).toBe('active');
    const upd = recorded.find((x) => x.method === 'POST' && x.path === '/v1/subscriptions/sub_1')!;
    // The prorated difference is invoiced and charged now (error_if_incomplete: a declined card changes
    // nothing), so added seats or a dearer plan are paid before their quota counts.
    expect(upd.body.get('proration_behavior')).toBe('always_invoice');
    expect(upd.body.get('payment_behavior')).toBe('error_if_incomplete');
    expect(upd.body.get('items[0][id]')).toBe('si_1');
    expect(upd.body.get('trial_end')).toBe('now');
    recorded.length = 0;
    expect((await p.setCancelAtPeriodEnd('sub_1', true)).cancelAtPeriodEnd).toBe(true);
    expect(recorded[0]!.body.get('cancel_at_period_end')).toBe('true');
    const cancel = vi.spyOn(p.stripe.subscriptions, 'cancel');
    await p.cancelNow('sub_1');
    expect(recorded.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect(cancel).toHaveBeenLastCalledWith('sub_1', undefined);
    // A subscription replaced by a new one is cancelled with proration, invoiced at once (no double charge).
    await p.cancelNow('sub_1', { prorate: true });
    expect(recorded.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect(cancel).toHaveBeenLastCalledWith('sub_1', { prorate: true, invoice_now: true });
    expect(await p.retrieveSubscription('sub_gone')).toBeNull();
  });

  it('checkout session returns its url; portal session; checkout lookup', async () => {
    const p = provider();
    const co = await p.createCheckoutSession({
      userId: 'user_1',
      email: 'a@b.co',
      customerId: 'cus_1',
      priceId: 'price_pro_monthly',
      quantity: 1,
      annual: false,
      successUrl: 'https://app.test/dashboard?subscription=success',
      cancelUrl: 'https://app.test/pricing?subscription=cancelled',
    });
    expect(co.url).toBe('https://checkout.stripe.test/cs_1');
    const r = recorded.find((x) => x.path === '/v1/checkout/sessions')!;
    expect(r.body.get('mode')).toBe('subscription');
    expect(r.body.get('customer')).toBe('cus_1');
    expect(r.body.get('client_reference_id')).toBe('user_1');
    expect(r.body.get('subscription_data[metadata][userId]')).toBe('user_1');
    expect(r.body.get('success_url')).toBe('https://app.test/dashboard?subscription=success');
    expect(await p.retrieveCheckoutSession('cs_1')).toMatchObject({
      subscriptionId: 'sub_1',
      userId: 'user_1',
    });
    expect(
      (await p.createPortalSession({ customerId: 'cus_1', returnUrl: 'https://app.test/dashboard' })).url,
    ).toBe('https://billing.stripe.test/p');
  });

  it('verifies webhook signatures made by generateTestHeaderString', () => {
    const p = provider();
    const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_test',
    });
    expect(p.verifyWebhook(payload, header).id).toBe('evt_1');
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_other',
    });
    expect(() => p.verifyWebhook(payload, forged)).toThrow(WebhookSignatureError);
    expect(() => p.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
  });
});
