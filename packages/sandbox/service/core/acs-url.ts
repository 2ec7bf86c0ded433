/** Where the sandbox's stand-in for the issuer's ACS serves a pay-in's 3DS challenge: on the sandbox's public origin. */
export const acsUrl = (ctx: { checkoutUrl: string; sandboxUrl?: string }, id: string) =>
  `${ctx.sandboxUrl ?? ctx.checkoutUrl}/sandbox/3ds/${id}`;
