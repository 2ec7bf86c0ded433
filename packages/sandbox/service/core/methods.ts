/**
 * Payment methods of the sandbox: which methods a transaction may use, the descriptors of
 * their fields, and the validation of what a customer submits for them.
 */
import type { MethodField, PaymentMethod } from '@hosted-checkout/contract/methods';
import { invalid } from './api-error';
import { METHODS } from './merchant-config';
import type { SandboxMerchantConfig } from '@sandbox/db/stored-shapes';

/** A required select field `name` under `label`, its options as [value, label] pairs. */
const requiredSelect = (name: string, label: string, options: [string, string][]): MethodField => ({
  name,
  label,
  type: 'select',
  required: true,
  options: options.map(([value, optionLabel]) => ({ value, label: optionLabel })),
});

/** Field descriptors per APM; the card method's fields are the card form's. */
export const METHOD_FIELDS: Record<string, MethodField[]> = {
  card: [],
  'bank-transfer': [
    { name: 'accountHolder', label: 'Account holder', type: 'text', required: true, minLength: 2, maxLength: 70 },
    { name: 'iban', label: 'IBAN', type: 'text', required: true, pattern: '[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}', minLength: 15, maxLength: 34 },
  ],
  ewallet: [
    { name: 'email', label: 'Wallet e-mail', type: 'email', required: true, maxLength: 254 },
    { name: 'phone', label: 'Phone number', type: 'tel', required: false, pattern: '\\+?[0-9 ]{6,20}' },
  ],
  pix: [
    { name: 'cpf', label: 'CPF', type: 'text', required: true, pattern: '[0-9]{11}', minLength: 11, maxLength: 11 },
    requiredSelect('keyType', 'Pix key type', [
      ['cpf', 'CPF'],
      ['email', 'E-mail'],
      ['phone', 'Phone'],
      ['random', 'Random key'],
    ]),
  ],
  // The customer's bank, chosen first: the options are the sandbox bank's (packages/sandbox/service/bank/bank-choices.ts fills them in:
  // the customer's country's banks, the last used first; every bank when a choice is checked).
  bank: [{ name: 'bankId', label: 'Your bank', type: 'select', required: true, options: [] }],
  crypto: [
    requiredSelect('network', 'Network', [
      ['BTC', 'Bitcoin'],
      ['ETH', 'Ethereum'],
      ['USDT-TRC20', 'USDT (TRC-20)'],
    ]),
    {
      name: 'walletAddress',
      label: 'Wallet address',
      type: 'text',
      required: true,
      pattern: '[A-Za-z0-9]{26,64}',
      minLength: 26,
      maxLength: 64,
    },
  ],
};

/**
 * The methods of a transaction: CARD when an eligible card PSP takes its currency, and the
 * APMs of the eligible PSPs that take it; a direct route offers its own method only. A payout's
 * `bank` is narrowed to its customer's deposit accounts by bank/payout-accounts.ts.
 */
export function methodsFor(
  config: SandboxMerchantConfig,
  transaction: { eligiblePspIds: string[]; currency: string; directRouteId: string | null },
): PaymentMethod[] {
  const route = transaction.directRouteId ? config.directRoutes.find((r) => r.id === transaction.directRouteId) : undefined;
  const seen = new Set<string>();
  const methods: PaymentMethod[] = [];
  for (const psp of config.psps) {
    if (!transaction.eligiblePspIds.includes(psp.id) || !psp.currencies.includes(transaction.currency)) continue;
    for (const id of psp.methods) {
      const known = METHODS[id];
      if (!known || seen.has(id) || (route && route.methodId !== id)) continue;
      seen.add(id);
      const viaRoute = config.directRoutes.find((r) => r.methodId === id && r.pspId === psp.id);
      methods.push({
        id,
        type: known.type,
        name: known.name,
        ...(viaRoute ? { directRouteId: viaRoute.id } : {}),
        fields: METHOD_FIELDS[id] ?? [],
      });
    }
  }
  return methods;
}

/** The APM a direct-link request (pay-in or payout) is for: the route's, or `additionalData.methodId`. Throws 400. */
export function directLinkMethod(
  config: SandboxMerchantConfig,
  transaction: { eligiblePspIds: string[]; currency: string; directRouteId: string | null },
  additionalData: Record<string, unknown>,
): PaymentMethod {
  const methods = methodsFor(config, transaction).filter((m) => m.type !== 'CARD');
  const wanted = transaction.directRouteId ? methods[0]?.id : additionalData.methodId;
  const method = methods.find((m) => m.id === wanted);
  if (!method) throw invalid('additionalData.methodId: not a method available for this transaction');
  return method;
}

/** Checks `data` against a method's descriptors; returns the fields kept. Throws 400. */
export function validateMethodFields(method: PaymentMethod, data: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of method.fields) {
    const raw = data[field.name];
    const value = typeof raw === 'string' ? raw.trim() : raw === undefined || raw === null ? '' : String(raw);
    if (value === '') {
      if (field.required) throw invalid(`additionalData.${field.name}: required`);
      continue;
    }
    if (field.minLength !== undefined && value.length < field.minLength) throw invalid(`additionalData.${field.name}: too short`);
    if (field.maxLength !== undefined && value.length > field.maxLength) throw invalid(`additionalData.${field.name}: too long`);
    if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value)) throw invalid(`additionalData.${field.name}: wrong format`);
    if (field.type === 'email' && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value))
      throw invalid(`additionalData.${field.name}: not an e-mail address`);
    if (field.type === 'number' && !Number.isFinite(Number(value))) throw invalid(`additionalData.${field.name}: not a number`);
    if (field.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw invalid(`additionalData.${field.name}: not a date`);
    if (field.type === 'select' && !field.options?.some((o) => o.value === value))
      throw invalid(`additionalData.${field.name}: not an option`);
    kept[field.name] = value;
  }
  return kept;
}
