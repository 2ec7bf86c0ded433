import { describe, expect, it } from 'vitest';
import { LIMIT_RAISE_DOCUMENT_MAX_BYTES } from '@hosted-checkout/contract/responsible-gambling/limit-raise';
import { readLimitRaiseForm } from './limit-raise-form';

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const form = (fields: Record<string, string>, document?: File) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  if (document) data.set('document', document);
  return data;
};

describe('readLimitRaiseForm (Germany: a ceiling above EUR 1,000)', () => {
  it('reads amounts in the page’s number format and the document by its bytes, as base64', async () => {
    const read = await readLimitRaiseForm(form({ income: '6.500,50', ceiling: '5.000' }, new File([PDF], 'bescheid.pdf')), 'de', 1000);
    expect(read).toEqual({
      request: {
        requestedCeiling: 5000,
        netMonthlyIncome: 6500.5,
        document: { fileName: 'bescheid.pdf', contentType: 'application/pdf', content: Buffer.from(PDF).toString('base64') },
      },
    });
    expect(await readLimitRaiseForm(form({ income: '0', ceiling: '2000' }, new File([], '')), 'en', 1000)).toEqual({
      request: { requestedCeiling: 2000, netMonthlyIncome: 0 },
    });
  });

  it('names the field at fault: income, a ceiling not above the one in force or past EUR 30,000, a document too large or not its type', async () => {
    expect(await readLimitRaiseForm(form({ income: 'lots', ceiling: '2000' }), 'en', 1000)).toEqual({ error: 'income' });
    expect(await readLimitRaiseForm(form({ income: '3000', ceiling: '1000' }), 'en', 1000)).toEqual({ error: 'ceiling' });
    expect(await readLimitRaiseForm(form({ income: '3000', ceiling: '30000.01' }), 'en', 1000)).toEqual({ error: 'ceiling' });
    expect(await readLimitRaiseForm(form({ income: '3000', ceiling: '5000' }), 'en', 5000)).toEqual({ error: 'ceiling' });
    const html = new File(['<html><script>alert(1)</script>'], 'proof.pdf', { type: 'application/pdf' });
    expect(await readLimitRaiseForm(form({ income: '3000', ceiling: '2000' }, html), 'en', 1000)).toEqual({ error: 'documentType' });
    const big = new File([PDF, new Uint8Array(LIMIT_RAISE_DOCUMENT_MAX_BYTES)], 'big.pdf');
    expect(await readLimitRaiseForm(form({ income: '3000', ceiling: '2000' }, big), 'en', 1000)).toEqual({ error: 'documentSize' });
  });

  it('cuts a long file name whole characters at a time (the service refuses a lone surrogate)', async () => {
    const name = `${'a'.repeat(254)}\u{1F4C4}.pdf`;
    const read = await readLimitRaiseForm(form({ income: '3000', ceiling: '2000' }, new File([PDF], name)), 'en', 1000);
    const fileName = 'request' in read ? read.request.document?.fileName : undefined;
    expect(fileName).toBe('a'.repeat(254));
    expect(fileName?.isWellFormed()).toBe(true);
  });
});
