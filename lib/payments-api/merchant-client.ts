/**
 * The merchant's typed client of the payments service, for the sandbox console, the demo shop, the
 * browser tests and the benchmarks: the workspace package `@hosted-checkout/client`
 * (packages/client, what merchants install), read from its source so nothing needs building
 * first. One client: change it there. `createPaymentsClient`, `must`, `launchAddress`,
 * `launchRedirect`, the webhook verifiers and the API's `paths`/`components` types.
 *
 *   const api = createPaymentsClient({ baseUrl: 'http://localhost:3000/sandbox/api', token: 'sbx_demo_merchant' });
 *   const { data, error } = await api.POST('/public/payin', { body: { … } });
 */
// A relative path, not the package name: the name resolves to the package's `exports`, its built
// dist/, wherever the tsconfig alias to its source is not applied, and dist/ exists only once built.
// Named, not `export *`: tsx runs this file as CommonJS for the scripts' .mjs files, whose named
// imports Node reads from a CommonJS module's explicit export names only.
export {
  createPaymentsClient,
  isCheckoutMessage,
  launchAddress,
  launchRedirect,
  must,
  verifyWebhook,
  verifyXSignature,
  WebhookVerificationError,
} from '../../packages/client/src/index';
export type {
  CheckoutMessage,
  components,
  ErrorResponse,
  LaunchTarget,
  paths,
  PaymentsClient,
  WebhookEvent,
  WebhookPayload,
} from '../../packages/client/src/index';
