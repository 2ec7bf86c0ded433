/**
 * The last step of every payment form's submission (card, saved card, APM), in the browser:
 * fill the hidden `browser` field with the EMV 3DS client fields, tell the merchant's page
 * (`submitted`), and post the form to its server action inside a transition.
 */
import { startTransition } from 'react';
import { postToParent } from '@/lib/framing/parent-messages';
import { collectClientBrowserFields } from './browser-fields';

export function submitPaymentForm(form: HTMLFormElement, formAction: (data: FormData) => void): void {
  const browser = form.elements.namedItem('browser');
  if (browser instanceof HTMLInputElement) browser.value = JSON.stringify(collectClientBrowserFields());
  postToParent('submitted');
  startTransition(() => formAction(new FormData(form)));
}
