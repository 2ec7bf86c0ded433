/**
 * Money as the site keeps it: integers of ISO 4217 minor units (cents for EUR). The service's API
 * speaks major units (`25.5`), so every amount crossing it goes through `toMajor` / `toMinor`.
 */
import { config } from './config.mjs';

const scale = 10 ** config.minorUnits;

/** Minor units → the API's major units (2550 → 25.5). */
export const toMajor = (/** @type {number} */ minor) => minor / scale;

/** The API's major units → minor units, rounded to the currency's minor unit (25.5 → 2550). */
export const toMinor = (/** @type {number} */ major) => Math.round(major * scale);

const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: config.currency });

/** Minor units as the player reads them (2550 → "€25.50"). */
export const formatMinor = (/** @type {number} */ minor) => format.format(toMajor(minor));
