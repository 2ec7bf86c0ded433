/**
 * The checkout's per-address limits lifted, for the scripts whose whole crowd of customers comes
 * from 127.0.0.1 with the same test card (the load and memory benchmarks): the velocity limits
 * of card attempts and failures, transactions, BIN look-ups and launches (`count/seconds`, as
 * .env.example spells them) and the connections per address.
 */
export const ONE_ADDRESS_LIMITS = Object.freeze({
  LIMIT_CARD_ATTEMPTS_PER_IP: '1000000/3600',
  LIMIT_CARD_FAILURES_PER_IP: '1000000/3600',
  LIMIT_CARD_ATTEMPTS_PER_CARD: '1000000/86400',
  LIMIT_CARD_FAILURES_PER_CARD: '1000000/86400',
  LIMIT_TRANSACTIONS_PER_SESSION: '1000000/3600',
  LIMIT_BIN_LOOKUPS_PER_IP: '1000000/3600',
  // Every page is launched from this one address (/api/launch, LIMIT_LAUNCHES_PER_IP).
  LIMIT_LAUNCHES_PER_IP: '1000000/60',
  CONNECTIONS_PER_IP: '1000000',
});
