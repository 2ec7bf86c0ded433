/**
 * Processor selection and currency conversion at pay-in creation (docs/design.md, section 3
 * "Selection" and "Conversion", section 6 figures).
 */
import { convertMinor } from '@hosted-checkout/contract/money';
import { invalid } from './api-error';
import { reasonFor } from './records';
import type { SandboxMerchantConfig, SandboxPsp } from '@sandbox/db/stored-shapes';

interface Selection {
  /** PSPs of the route or router that the KYC flag allows, in router order. */
  eligible: SandboxPsp[];
  psp: SandboxPsp | null;
  routerId: string | null;
  /** Final currency and amount (minor units), converted when the PSP does not take the request's. */
  currency: string;
  amountMinor: number;
}

/**
 * Chooses the PSP of a new transaction: `directRouteId` (unknown: 400), else `routerId`
 * (unknown: 400), else the default router; the first eligible PSP that takes the currency
 * keeps it, else the first eligible card PSP converts into its first currency. No PSP:
 * `psp` is null and the caller ends the transaction FAILED / NO_PROVIDER_AVAILABLE.
 */
export function selectProcessor(
  config: SandboxMerchantConfig,
  request: { currency: string; amountMinor: number; kycVerified: boolean; routerId?: string; directRouteId?: string },
): Selection {
  let pspIds: string[];
  let routerId: string | null = null;
  if (request.directRouteId !== undefined) {
    const route = config.directRoutes.find((r) => r.id === request.directRouteId);
    if (!route) throw invalid(`directRouteId ${request.directRouteId} is not a route of this merchant`);
    pspIds = [route.pspId];
  } else {
    routerId = request.routerId ?? config.defaultRouterId;
    const router = config.routers.find((r) => r.id === routerId);
    if (!router) throw invalid(`routerId ${routerId} is not a router of this merchant`);
    pspIds = router.pspIds;
  }
  const eligible = pspIds
    .map((id) => config.psps.find((p) => p.id === id))
    .filter((p): p is SandboxPsp => p !== undefined && (!p.requiresKyc || request.kycVerified));

  const keeping = eligible.find((p) => p.currencies.includes(request.currency));
  if (keeping) return { eligible, psp: keeping, routerId, currency: request.currency, amountMinor: request.amountMinor };

  const card = eligible.find((p) => p.methods.includes('card'));
  const target = card?.currencies[0];
  if (card && target) {
    return {
      eligible,
      psp: card,
      routerId,
      currency: target,
      amountMinor: convertMinor(request.amountMinor, request.currency, target, config.ratesToEur),
    };
  }
  return { eligible, psp: null, routerId, currency: request.currency, amountMinor: request.amountMinor };
}

/**
 * The routing columns a new pay-in or payout stores from its selection: CREATED with the chosen
 * PSP, or FAILED with NO_PROVIDER_AVAILABLE when no processor is eligible (docs/design.md, section 3).
 */
export function routingColumns(
  selection: Selection,
  input: { kycVerified: boolean; directRouteId?: string; merchantAdditionalData?: Record<string, unknown>; sessionId?: string },
) {
  const noProvider = selection.psp === null;
  return {
    status: noProvider ? ('FAILED' as const) : ('CREATED' as const),
    statusReason: noProvider ? reasonFor('FAILED', 'NO_PROVIDER_AVAILABLE') : null,
    routerId: selection.routerId,
    directRouteId: input.directRouteId ?? null,
    pspId: selection.psp?.id ?? null,
    eligiblePspIds: selection.eligible.map((p) => p.id),
    kycVerified: input.kycVerified,
    merchantAdditionalData: input.merchantAdditionalData ?? null,
    sessionId: input.sessionId ?? null,
  };
}
