/**
 * A card number for the sandbox's tests whose issuer has seen nothing yet: a Luhn-valid Visa
 * number starting 49 (in no test table, issuer country unknown, so in scope of SCA), random per
 * call, so the issuer's 3-D Secure counters (packages/sandbox/service/payins/issuer-counters.ts)
 * start at zero. 16 digits.
 */
export function freshCard(): string {
  const body = `49${Array.from({ length: 13 }, () => Math.floor(Math.random() * 10)).join('')}`;
  for (let check = 0; check < 10; check += 1) {
    const digits = `${body}${check}`;
    const sum = [...digits].reverse().reduce((total, d, i) => {
      const n = Number(d) * (i % 2 ? 2 : 1);
      return total + (n > 9 ? n - 9 : n);
    }, 0);
    if (sum % 10 === 0) return digits;
  }
  throw new Error('no check digit');
}
