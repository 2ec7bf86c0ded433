/**
 * Built-in card art of the sandbox SRC system (the SDKs' `digitalCardData.artUri`): one SVG per
 * brand, answered as a `data:image/svg+xml` URI so the card page loads no image from elsewhere
 * (its CSP allows `data:` images). 300×190 px, the ISO/IEC 7810 ID-1 ratio; no text but the brand.
 */

/** A built-in art's key, kept in `src_cards.art`. */
export type CardArt = 'visa' | 'mastercard';

const SVG: Record<CardArt, string> = {
  visa:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 190" width="300" height="190">' +
    '<rect width="300" height="190" rx="14" fill="#1a1f71"/><rect y="150" width="300" height="14" fill="#f7b600"/>' +
    '<text x="270" y="60" text-anchor="end" font-family="Arial,sans-serif" font-size="40" font-style="italic" font-weight="700" fill="#fff">VISA</text>' +
    '</svg>',
  mastercard:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 190" width="300" height="190">' +
    '<rect width="300" height="190" rx="14" fill="#222"/>' +
    '<circle cx="218" cy="135" r="34" fill="#eb001b"/><circle cx="252" cy="135" r="34" fill="#f79e1b" fill-opacity=".9"/>' +
    '</svg>',
};

/** The art's data URI (`data:image/svg+xml,…`, percent-encoded). */
export const artUriOf = (art: string): string =>
  `data:image/svg+xml,${encodeURIComponent(SVG[art === 'mastercard' ? 'mastercard' : 'visa'])}`;
