/**
 * Posts the card page's form as a script would, without a browser: reads the page's first form
 * (Next's no-JavaScript server action fields `$ACTION_*` and the hidden fields), fills the
 * customer's fields from `fields`, and posts it as multipart to the page. Used by the abuse
 * browser test and the oversized-field benchmark. Answers `{ status, ms, html, url }` (`url`: where the redirects ended).
 */
const attribute = (tag, name) => new RegExp(`\\s${name.replace(/[$]/g, '\\$')}="([^"]*)"`).exec(tag)?.[1];
const unescape = (value) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden inputs of the page's first `<form>`. */
export function hiddenFields(html) {
  const start = html.indexOf('<form');
  const end = html.indexOf('</form>', start);
  const form = html.slice(start, end);
  const fields = {};
  for (const tag of form.match(/<input[^>]*>/g) ?? []) {
    if (attribute(tag, 'type') !== 'hidden') continue;
    const name = attribute(tag, 'name');
    if (name) fields[unescape(name)] = unescape(attribute(tag, 'value') ?? '');
  }
  return fields;
}

/** Posts the first form of the page at `pageUrl` with `fields` added (a server action without JavaScript). */
export async function postPageForm(pageUrl, html, fields) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...hiddenFields(html), ...fields })) body.append(name, value);
  const response = await fetch(pageUrl, { method: 'POST', body, headers: { Origin: new URL(pageUrl).origin } });
  return { status: response.status, html: await response.text(), url: response.url };
}

/** Posts the card form of `pageUrl` with `fields`; `headers` go on both requests (an attacker's own, such as X-Forwarded-For). */
export async function postCardForm(pageUrl, fields, headers = {}) {
  const page = await fetch(pageUrl, { headers });
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...hiddenFields(await page.text()), ...fields })) body.append(name, value);
  const started = performance.now();
  const response = await fetch(pageUrl, { method: 'POST', body, headers: { ...headers, Origin: new URL(pageUrl).origin } });
  const html = await response.text();
  return { status: response.status, ms: performance.now() - started, html, url: response.url };
}
