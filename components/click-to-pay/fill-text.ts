/** Fills the placeholders the server left in a Click to Pay text (./click-to-pay-text.ts). */
/** `template` with each `{name}` replaced by `values[name]`; a name without a value stays as it is. */
export const fillText = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** `value` (an email, a phone number) isolated left to right inside a sentence of any direction (Unicode LRI … PDI, UAX #9). */
export const ltr = (value: string): string => `\u2066${value}\u2069`;
