/**
 * What the server-action tests share (the checkout's action pipeline and its two sides): a post of
 * text fields as a browser sends one, and `next/navigation` outside a Next.js request, whose
 * `redirect` throws `{ to }` as Next's throws its redirect. A test's `vi.mock('next/navigation')`
 * answers `navigation` from this module, imported in its factory.
 */

/** A form post of `fields` (text fields only, as the pages post them). */
export function post(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** `next/navigation`'s `redirect`: throws an Error carrying the target as `to` (never returns). */
export const navigation = {
  redirect(to: string): never {
    throw Object.assign(new Error('NEXT_REDIRECT'), { to });
  },
};
