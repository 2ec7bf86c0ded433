/** The product's stylesheet starts from the contract's default theme (packages/contract/src/theme/theme.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, themeCss } from '@hosted-checkout/contract/theme/theme';

describe('app/globals.css', () => {
  it('matches the defaults in app/globals.css, so pages without a merchant look the same', () => {
    const globals = readFileSync(new URL('../../app/globals.css', import.meta.url), 'utf8').replace(/\s+/g, '');
    const defaults = themeCss(DEFAULT_THEME)
      .replace(/^:root\{|\}$/g, '')
      .split(';');
    for (const declaration of defaults) expect(globals).toContain(`${declaration.replace(/\s+/g, '')};`);
  });
});
