/**
 * The cashier's form asking for a monthly deposit ceiling above EUR 1,000 (Germany, GlüStV 2021
 * §6c(1) S.3; packages/contract/src/responsible-gambling/limit-raise.ts): what a post of it holds,
 * read and checked before the service is called. Amounts are typed in the page's number format
 * and sent in EUR major units; the document (PDF, JPEG or PNG, at most 5 MiB, told by its first
 * bytes, not its name) is sent base64. Pure: the route (app/api/cashier/[sessionId]/limit-raise)
 * reads the post and answers.
 */
import {
  documentProblem,
  LIMIT_RAISE_DOCUMENT_MAX_BYTES,
  LIMIT_RAISE_DOCUMENT_TYPES,
  LIMIT_RAISE_MAX,
  type LimitRaiseDocumentType,
  type LimitRaiseRequestCreate,
} from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import { MAX_AMOUNT_CHARS, parseAmount } from '../cashier-amount';

/** Why the form was refused, named by the field it is about (the page shows it beside that field). */
export type LimitRaiseFormError = 'income' | 'ceiling' | 'documentType' | 'documentSize' | 'pending' | 'unavailable' | 'rejected';
export const LIMIT_RAISE_FORM_ERRORS: readonly LimitRaiseFormError[] = [
  'income',
  'ceiling',
  'documentType',
  'documentSize',
  'pending',
  'unavailable',
  'rejected',
];

/** Largest post of the form, in bytes: the document and the fields, with the multipart framing. */
export const LIMIT_RAISE_FORM_MAX_BYTES = LIMIT_RAISE_DOCUMENT_MAX_BYTES + 64 * 1024;

/**
 * Most posts of the form one server process takes at once (each holds its document up to some
 * six times while it is read, encoded and sent: some 30 MB at 5 MiB); one per session.
 */
export const LIMIT_RAISE_UPLOADS_MAX = 4;

/** The type of a document by its first bytes (whatever its name or the browser says), or null. */
function sniffedType(bytes: Uint8Array): LimitRaiseDocumentType | null {
  return LIMIT_RAISE_DOCUMENT_TYPES.find((type) => documentProblem(bytes, type) === null) ?? null;
}

/**
 * The request a post of the form makes, or the first problem: `income` (not an amount of 0 or
 * more), `ceiling` (not above `ceilingInForce`, EUR major units, or above EUR 30,000),
 * `documentSize` (over 5 MiB), `documentType` (not a PDF, JPEG or PNG by its bytes). An empty file
 * field is no document. `locale`: the page's number format.
 */
export async function readLimitRaiseForm(
  form: FormData,
  locale: string,
  ceilingInForce: number,
): Promise<{ request: LimitRaiseRequestCreate } | { error: LimitRaiseFormError }> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim().slice(0, MAX_AMOUNT_CHARS + 1) : '';
  };
  const incomeRaw = text('income');
  const income = incomeRaw.length > MAX_AMOUNT_CHARS ? null : /^0+([.,]0*)?$/.test(incomeRaw) ? 0 : parseAmount(incomeRaw, locale);
  if (income === null || income < 0 || income > 1e9) return { error: 'income' };
  const ceilingRaw = text('ceiling');
  const ceiling = ceilingRaw.length > MAX_AMOUNT_CHARS ? null : parseAmount(ceilingRaw, locale);
  if (ceiling === null || ceiling <= ceilingInForce || ceiling > LIMIT_RAISE_MAX) return { error: 'ceiling' };
  const file = form.get('document');
  const request: LimitRaiseRequestCreate = { requestedCeiling: ceiling, netMonthlyIncome: income };
  if (file && typeof file !== 'string' && file.size > 0) {
    if (file.size > LIMIT_RAISE_DOCUMENT_MAX_BYTES) return { error: 'documentSize' };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const contentType = sniffedType(bytes);
    if (!contentType) return { error: 'documentType' };
    // The name as the customer's system gave it, cut to what the service keeps (255 UTF-16 units, never
    // inside a surrogate pair: the service refuses a lone surrogate); control characters dropped.
    const fileName =
      (file.name || 'document')
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .slice(0, 255)
        .replace(/[\ud800-\udbff]$/, '') || 'document';
    request.document = { fileName, contentType, content: Buffer.from(bytes).toString('base64') };
  }
  return { request };
}
