/** Types of card-form-post.mjs. */
export function hiddenFields(html: string): Record<string, string>;
export function postCardForm(
  pageUrl: string,
  fields: Record<string, string>,
  headers?: Record<string, string>,
): Promise<{ status: number; ms: number; html: string }>;
