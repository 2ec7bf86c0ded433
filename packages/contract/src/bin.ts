/** The BIN lookup: what the service knows of a card from its BIN (the first 6 to 8 digits), before the card is submitted. */
import { z } from 'zod';

const FUNDING_TYPES = ['CREDIT', 'DEBIT', 'PREPAID', 'UNKNOWN'] as const;
export const FundingType = z.enum(FUNDING_TYPES).meta({ id: 'FundingType', 'x-extension': true });
export type FundingType = z.infer<typeof FundingType>;

export const BinLookup = z
  .object({
    brands: z
      .array(z.string())
      .min(1)
      .max(2)
      .meta({ description: 'One brand, or the two of a co-badged card (the scheme first, the domestic brand second).' }),
    fundingType: FundingType,
    issuerCountry: z.string().length(2).optional().meta({ description: 'ISO 3166-1 alpha-2 of the issuer.' }),
    threeDSMethod: z.boolean().meta({ description: 'Whether the issuer has a 3DS Method to run before authentication.' }),
  })
  .meta({ id: 'BinLookup', 'x-extension': true });
export type BinLookup = z.infer<typeof BinLookup>;
