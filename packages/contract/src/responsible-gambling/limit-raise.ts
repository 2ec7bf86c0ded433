/**
 * Germany: a customer's request to raise the monthly deposit ceiling past LUGAS' EUR 1,000
 * (GlüStV 2021 §6c(1) S.2; a deviating amount "im Einzelfall", S.3), decided by the merchant
 * (the licensed operator; the GGL does not approve each player). docs/design.md, section 8.
 *
 * - The GGL's FAQ of 7 March 2025 (as its summaries report it): normally up to EUR 10,000 a month,
 *   up to EUR 30,000 for at most 1 % of an operator's active players, with proof of economic
 *   capacity (income tax assessments, other proof of income, bank statements; a player's own
 *   declaration is not enough) and no signs of problem play. Decided here: the service accepts
 *   any approved ceiling above EUR 1,000 up to EUR 30,000; keeping approvals above EUR 10,000
 *   within the 1 % band is the merchant's, as is judging the proof.
 * - Amounts are major units of EUR, the currency of the ceiling, as the rest of the API's amounts
 *   are major units. The customer's document (PDF, JPEG or PNG, at most 5 MiB) travels base64 in
 *   the request; the sandbox keeps its SHA-256, size, type and name, never its bytes.
 * - The ceiling rises only with the merchant's approval (`effectiveMonthlyCeiling`); a raise of
 *   the limit itself then waits the rules' cooling-off (7 days) as any raise.
 */
import { z } from 'zod';

/** The currency of the GGL's ceiling and of every amount of a request. */
export const LIMIT_RAISE_CURRENCY = 'EUR';
/** The GGL's usual highest raised ceiling, EUR major units (the FAQ: "normally up to EUR 10,000"). */
export const LIMIT_RAISE_USUAL_MAX = 10_000;
/** The highest ceiling the service accepts, EUR major units (the FAQ: up to EUR 30,000 for at most 1 % of players). */
export const LIMIT_RAISE_MAX = 30_000;
/** Largest document, in bytes (5 MiB). */
export const LIMIT_RAISE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Document types accepted: PDF, JPEG, PNG. */
export const LIMIT_RAISE_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type LimitRaiseDocumentType = (typeof LIMIT_RAISE_DOCUMENT_TYPES)[number];
/** Longest base64 text of a document of LIMIT_RAISE_DOCUMENT_MAX_BYTES. */
export const LIMIT_RAISE_DOCUMENT_MAX_BASE64 = Math.ceil(LIMIT_RAISE_DOCUMENT_MAX_BYTES / 3) * 4;
/** Largest body of the customer's request (the document's base64 and the rest), in bytes. */
export const LIMIT_RAISE_MAX_BODY_BYTES = LIMIT_RAISE_DOCUMENT_MAX_BASE64 + 16 * 1024;
/** Longest decline reason, in characters. */
export const LIMIT_RAISE_REASON_MAX = 500;

const Euros = z.number().positive().max(LIMIT_RAISE_MAX).multipleOf(0.01);

/** The customer's document, as sent: its name, type and bytes (base64). */
export const LimitRaiseDocumentUpload = z
  .object({
    fileName: z.string().min(1).max(255),
    contentType: z.enum(LIMIT_RAISE_DOCUMENT_TYPES),
    content: z
      .string()
      .min(4)
      .max(LIMIT_RAISE_DOCUMENT_MAX_BASE64)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64')
      .meta({ description: 'The file, base64 (RFC 4648 §4); at most 5 MiB decoded.' }),
  })
  .meta({ id: 'LimitRaiseDocumentUpload', 'x-extension': true });
export type LimitRaiseDocumentUpload = z.infer<typeof LimitRaiseDocumentUpload>;

/** The customer's request, in the cashier. */
export const LimitRaiseRequestCreate = z
  .object({
    requestedCeiling: Euros.meta({
      description: 'The monthly ceiling asked, EUR major units (above the ceiling in force; at most 30,000).',
    }),
    netMonthlyIncome: z
      .number()
      .min(0)
      .max(1e9)
      .multipleOf(0.01)
      .meta({ description: 'The net monthly income the customer declares, EUR major units (a declaration alone is not proof).' }),
    document: LimitRaiseDocumentUpload.optional().meta({
      description: 'Proof of income or assets (income tax assessment, pay slip, bank statement): PDF, JPEG or PNG, at most 5 MiB.',
    }),
  })
  .meta({ id: 'LimitRaiseRequestCreate', 'x-extension': true });
export type LimitRaiseRequestCreate = z.infer<typeof LimitRaiseRequestCreate>;

/** What the service keeps of a document: its digest and metadata, never its bytes (sandbox). */
export const LimitRaiseDocument = z
  .object({
    fileName: z.string(),
    contentType: z.enum(LIMIT_RAISE_DOCUMENT_TYPES),
    size: z.number().int().meta({ description: 'Bytes.' }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'Hex SHA-256 of the bytes.' }),
  })
  .meta({ id: 'LimitRaiseDocument', 'x-extension': true });
export type LimitRaiseDocument = z.infer<typeof LimitRaiseDocument>;

export const LimitRaiseStatus = z.enum(['pending', 'approved', 'declined']);
export type LimitRaiseStatus = z.infer<typeof LimitRaiseStatus>;

/** A request as the merchant reads it (and the events carry it). */
export const LimitRaiseRequest = z
  .object({
    id: z.string().meta({ description: 'The request id (lrr_…).' }),
    customerId: z.string(),
    externalUserId: z.string().optional().meta({ description: "The merchant's own id of the customer." }),
    sessionId: z.string().meta({ description: 'The cashier session it was asked in.' }),
    currency: z.literal(LIMIT_RAISE_CURRENCY),
    ceilingInForce: z.number().meta({ description: 'The monthly ceiling when it was asked, EUR major units.' }),
    requestedCeiling: z.number(),
    netMonthlyIncome: z.number(),
    document: LimitRaiseDocument.optional(),
    status: LimitRaiseStatus,
    createdAt: z.string(),
    decidedAt: z.string().optional(),
    approvedCeiling: z.number().optional().meta({ description: 'Approved: the new monthly ceiling, EUR major units.' }),
    declineReason: z.string().optional().meta({ description: 'Declined: why, as the merchant wrote it (shown to the customer).' }),
  })
  .meta({ id: 'LimitRaiseRequest', 'x-extension': true });
export type LimitRaiseRequest = z.infer<typeof LimitRaiseRequest>;

/** The merchant's list of requests. */
export const LimitRaiseRequestList = z
  .object({ requests: z.array(LimitRaiseRequest) })
  .meta({ id: 'LimitRaiseRequestList', 'x-extension': true });

/** Which requests to list: pending (the default), approved, declined. */
export const LimitRaiseListQuery = z.object({ status: LimitRaiseStatus.default('pending') });

/** The merchant's decision. */
export const LimitRaiseDecision = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('approved'),
      ceiling: Euros.meta({
        description: 'The new monthly ceiling, EUR major units: above EUR 1,000, at most 30,000 (above 10,000 only within the 1 % band).',
      }),
    }),
    z.object({ status: z.literal('declined'), reason: z.string().trim().min(1).max(LIMIT_RAISE_REASON_MAX) }),
  ])
  .meta({ id: 'LimitRaiseDecision', 'x-extension': true });
export type LimitRaiseDecision = z.infer<typeof LimitRaiseDecision>;

/** The customer's own view of their latest request, in the session answer. */
export const LimitRaiseView = z
  .object({
    id: z.string(),
    status: LimitRaiseStatus,
    requestedCeiling: z.number().meta({ description: 'EUR major units.' }),
    createdAt: z.string(),
    decidedAt: z.string().optional(),
    approvedCeiling: z.number().optional(),
    declineReason: z.string().optional(),
  })
  .meta({ id: 'LimitRaiseView', 'x-extension': true });
export type LimitRaiseView = z.infer<typeof LimitRaiseView>;

/** An approved ceiling as stored: currency and minor units (ISO 4217). */
export interface ApprovedCeiling {
  currency: string;
  minor: number;
}

/**
 * The monthly ceiling in force for a customer: the rules' (`rulesCeiling`, GGL: EUR 1,000), replaced
 * by the merchant's `approved` one only when there is an approval, in the rules' currency. Without
 * a rules' ceiling there is nothing to replace (undefined). Minor units.
 */
export function effectiveMonthlyCeiling(
  rulesCeiling: ApprovedCeiling | undefined,
  approved: ApprovedCeiling | undefined,
): ApprovedCeiling | undefined {
  if (!rulesCeiling) return undefined;
  if (approved && approved.currency === rulesCeiling.currency && approved.minor > rulesCeiling.minor) return approved;
  return rulesCeiling;
}

/** The first bytes of each accepted type (PDF `%PDF-`, JPEG SOI, PNG signature). */
const SIGNATURES: Record<LimitRaiseDocumentType, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** Why a document's bytes are refused: empty, over 5 MiB, or not what its type says. */
export type DocumentProblem = 'empty' | 'tooLarge' | 'type';

/** Whether `bytes` are a document of `contentType` the service accepts; null when they are. */
export function documentProblem(bytes: Uint8Array, contentType: string): DocumentProblem | null {
  if (bytes.byteLength === 0) return 'empty';
  if (bytes.byteLength > LIMIT_RAISE_DOCUMENT_MAX_BYTES) return 'tooLarge';
  const signature = SIGNATURES[contentType as LimitRaiseDocumentType] as number[] | undefined;
  if (!signature || signature.some((b, i) => bytes[i] !== b)) return 'type';
  return null;
}
