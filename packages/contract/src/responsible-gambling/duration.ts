/**
 * A duration in the customer's words (the reality check's "1 hour, 5 minutes"): Intl's units and
 * list patterns, so plurals and separators are the language's own (CLDR), with no message runtime.
 */

/** `minutes` (whole, ≥ 0) as hours and minutes in words of `locale`; "0 minutes" for 0. */
export function durationText(minutes: number, locale: string): string {
  const whole = Math.max(0, Math.floor(minutes));
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [...(hours ? [unit(hours, 'hour')] : []), ...(rest || !hours ? [unit(rest, 'minute')] : [])];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}
