// POST /api/webhooks/stripe: Stripe-Signature is verified against the raw body (this plugin scope parses
// every body as a Buffer), each event id is recorded once, and a failed handling answers 500 so Stripe
// retries. The simulator delivers its events to the same processEvent in-process.
import type { FastifyInstance } from 'fastify';
import type { Services } from '@app/api';

export async function webhookPlugin(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.post('/stripe', async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
    const header = req.headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    const verified = services.billing.verifyWebhook(raw, signature);
    if ('error' in verified) {
      return reply.status(400).send({
        error: `Webhook signature verification failed: ${verified.error}`,
        code: 'invalid_signature',
      });
    }
    const { event } = verified;
    try {
      const result = await services.billing.processEvent(event);
      return reply.status(200).send({ received: true, result });
    } catch (err) {
      req.log.error({ err, event: event.id, type: event.type }, 'webhook handling failed');
      return reply.status(500).send({ error: 'Webhook handling failed', code: 'WEBHOOK_FAILED' });
    }
  });
}
