/**
 * "Link this card to Click to Pay" under a typed card (docs/design.md, E28; EMVCo Click to Pay CX
 * guidelines, "Linking a card": an opt-in, never ticked for the customer), on pages whose merchant
 * offers Click to Pay. A native checkbox, so it works without JavaScript; its description names
 * the identity the card would be linked to and is always shown, tied by `aria-describedby`. With
 * JavaScript it steps aside once the typed card's brand is known and not offered (the service
 * checks the brand again). Also the hidden field the Click to Pay panel fills once the customer
 * has validated their identity on this page, so the card goes to that profile.
 */

/** The link box's offer: its label, its description (the identity filled in), the brands offered. */
export interface ClickToPayLinkText {
  label: string;
  hint: string;
  brands: readonly ('VISA' | 'MASTERCARD')[];
}

/** The SRC brand of a typed card's brand name (card-validator's `niceType`), or null for another brand. */
const srcBrandOf = (niceType: string | undefined) =>
  niceType === 'Visa' ? 'VISA' : niceType === 'Mastercard' ? 'MASTERCARD' : niceType ? 'OTHER' : null;

/** The box (see the module's note); `typedBrand`: the brand of the number typed so far, if known. */
export function ClickToPayLink({ text, typedBrand }: { text: ClickToPayLinkText; typedBrand?: string }) {
  const brand = srcBrandOf(typedBrand);
  const offered = brand === null || (text.brands as readonly string[]).includes(brand);
  return (
    <div className="flex items-start gap-2 py-2" hidden={!offered}>
      <input type="hidden" id="clickToPaySession" name="clickToPaySession" defaultValue="" />
      <input
        id="clickToPayLink"
        name="clickToPayLink"
        type="checkbox"
        disabled={!offered}
        aria-describedby="clickToPayLink-hint"
        className="mt-1 size-6 shrink-0 accent-primary"
      />
      <div>
        <label htmlFor="clickToPayLink" className="text-sm">
          {text.label}
        </label>
        <p id="clickToPayLink-hint" className="text-xs text-fg-muted">
          {text.hint}
        </p>
      </div>
    </div>
  );
}
