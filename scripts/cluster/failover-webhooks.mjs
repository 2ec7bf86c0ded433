/**
 * The merchant's webhook receiver of the failover test (failover-test.mjs), on loopback: it
 * verifies each delivery's Standard Webhooks signature and records it by webhook-id, processing
 * an id the first time only, as a merchant must.
 */
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * A receiver not yet listening: `server` (an http.Server to listen on), `deliveries` (webhook-id →
 * { count, eventId, type, objectId, status }), `badSignatures()` (deliveries refused, 400), and
 * `trust(secret)`: the merchant's webhook secret, to be set before the first delivery. Answers 204.
 */
export function createWebhookReceiver() {
  /** webhook-id → { count, eventId, type, objectId, status }; a delivery is processed the first time its id is seen. */
  const deliveries = new Map();
  let badSignatures = 0;
  let verifier = null;
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        verifier.verify(body, request.headers);
      } catch {
        badSignatures += 1;
        response.writeHead(400).end();
        return;
      }
      const id = request.headers['webhook-id'];
      const known = deliveries.get(id);
      if (known) known.count += 1;
      else {
        const event = JSON.parse(body);
        deliveries.set(id, {
          count: 1,
          eventId: event.id,
          type: event.type,
          objectId: event.data?.object?.id,
          status: event.data?.object?.status,
        });
      }
      response.writeHead(204).end();
    });
  });
  return {
    server,
    deliveries,
    badSignatures: () => badSignatures,
    trust: (secret) => {
      verifier = new Webhook(secret);
    },
  };
}
