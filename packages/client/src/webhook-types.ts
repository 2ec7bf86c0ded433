/**
 * The bodies of the webhooks the service signs (types only), read from the OpenAPI document's
 * `webhooks` section as openapi-typescript generated it, so a new event of the contract appears
 * here with no change.
 */
import type { components, webhooks } from './generated/payments-api.js';

type BodyOf<W> = W extends { post: { requestBody: { content: { 'application/json': infer Body } } } } ? Body : never;

/** Every webhook body the service sends: the public API's events and the legacy host-to-host webhook. */
export type WebhookPayload = { [Name in keyof webhooks]: BodyOf<webhooks[Name]> }[keyof webhooks];

/**
 * The public API's events, to the merchant's webhook URL: `{ id: "evt_…", type, createdAt, data }`,
 * a union on `type` (`payin.status_changed`, `payout.status_changed`, `launch.spent`, …).
 */
export type WebhookEvent = Extract<WebhookPayload, { type: string }>;

/** The event types of `WebhookEvent`. */
export type WebhookEventType = WebhookEvent['type'];

/** The legacy host-to-host webhook, to a transaction's `hookUrl` (the reference's fields; no `type`). */
export type H2hWebhook = components['schemas']['H2hWebhook'];

/**
 * A request's headers as a server framework gives them: a fetch `Headers` (Next.js, Hono, Deno,
 * Bun, Cloudflare Workers) or a plain object such as Node's `IncomingHttpHeaders` (Express,
 * Fastify). Names are compared without regard to case.
 */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;
