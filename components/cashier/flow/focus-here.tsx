'use client';
/**
 * Moves the focus to the element with `id` once the page has loaded: the cancel confirmation
 * step or the notice after it, which the customer reached by a full page load (a link, a form
 * post), so that a screen reader starts there and says it. The element needs tabIndex -1.
 */
import { useEffect } from 'react';

export function FocusHere({ id }: { id: string }) {
  useEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);
  return null;
}
