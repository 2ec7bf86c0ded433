/**
 * The request guard's check of a server action's whole body, before Next.js parses it: a fetch
 * action's text must be a JSON array, a multipart form must parse (WHATWG FormData) and its JSON
 * rows be JSON, every JSON nested at most MAX_ACTION_JSON_DEPTH deep (body-limits.ts). The body
 * is a Buffer of at most MAX_ACTION_BODY_BYTES bytes (the guard capped its declared length). It
 * answers a Refusal (400) or null; nothing is thrown.
 */
import { MAX_ACTION_JSON_DEPTH, jsonDepth } from '@hosted-checkout/runtime/net/body-limits';
import type { Refusal, ServerActionSigns } from './request-checks';

/** The refusal of a server action's body that does not parse (400). */
export const UNPARSABLE: Refusal = { status: 400, message: 'The form could not be read. Go back and try again.' };

/** Whether `text` is JSON nested at most MAX_ACTION_JSON_DEPTH deep. */
function isBoundedJson(text: string): boolean {
  if (jsonDepth(text) > MAX_ACTION_JSON_DEPTH) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** React's reply rows (`0`, `1`, … for a fetch action) and a no-JS form's bound action rows (`$ACTION_1:0`): JSON, parsed by Next.js. */
const JSON_ROW = /^(?:\d{1,10}|\$ACTION_\d{1,10}:\d{1,10})$/;

/**
 * The guard's decision on a server action's whole body (Buffer, at most MAX_ACTION_BODY_BYTES),
 * as Next.js will parse it: a Refusal (400) when it would not parse, or null. A fetch action's text
 * body (React's `encodeReply` of the arguments) must be UTF-8 JSON text of an array; a multipart
 * body must parse as FormData, its JSON rows JSON (and the row `0` of a fetch action an array);
 * every JSON nested at most MAX_ACTION_JSON_DEPTH deep. A urlencoded post is left to Next.js,
 * which takes none for an action.
 */
export async function checkActionBody(signs: ServerActionSigns, body: Buffer): Promise<Refusal | null> {
  const contentType = signs.contentType ?? '';
  if (contentType === 'application/x-www-form-urlencoded') return null;
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      return UNPARSABLE;
    }
    for (const [name, value] of form) {
      if (JSON_ROW.test(name) && (typeof value !== 'string' || !isBoundedJson(value))) return UNPARSABLE;
    }
    if (signs.nextAction) {
      const root = form.get('0');
      if (typeof root !== 'string' || !root.trimStart().startsWith('[')) return UNPARSABLE;
    }
    return null;
  }
  if (!signs.nextAction) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return UNPARSABLE;
  }
  return isBoundedJson(text) && text.trimStart().startsWith('[') ? null : UNPARSABLE;
}
