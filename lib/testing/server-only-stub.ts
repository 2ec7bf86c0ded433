/** Stands in for the `server-only` guard in unit tests, which run outside React's server environment. */
export {};
