/**
 * A merchant's webhook endpoint for a test file of the sandbox: an HTTP server on 127.0.0.1 (a free
 * port) that answers 200 to every delivery and keeps it, with the merchant's webhookUrl pointed at
 * it for the file (or the describe block) that calls receiveWebhooks().
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { merchants } from '@sandbox/db/schema';
import { sandboxDb } from '@sandbox/service/core/store';

/** One delivery as received: its headers and its body as sent (the signed text). */
export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/**
 * Registers, in the calling file or describe block, a beforeAll that starts the endpoint and sets
 * the webhookUrl of the merchant of `token` to it (`http://127.0.0.1:{port}/events`), and an
 * afterAll that closes it. Answers the list the deliveries are pushed to, in the order received.
 */
export function receiveWebhooks(token: string): ReceivedWebhook[] {
  const received: ReceivedWebhook[] = [];
  let listener: http.Server | undefined;
  beforeAll(async () => {
    const server = http.createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, raw });
        response.writeHead(200).end('ok');
      });
    });
    listener = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const db = await sandboxDb();
    await db
      .update(merchants)
      .set({ webhookUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events` })
      .where(eq(merchants.token, token));
  });
  afterAll(() => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())));
  return received;
}
