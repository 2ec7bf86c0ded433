import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import type { MethodFormText } from '@/components/apm/method-form';
import { MethodChoice, type ListedMethod } from '@/components/apm/method-choice';
import { loadFormPage, TransactionShell } from '@/components/payment/transaction-page';
import { payByMethod } from '@/lib/checkout/payment-pages/apm-action';
import type { FieldError } from '@/lib/checkout/payment-pages/method-fields';
import { paymentHref } from '@/lib/checkout/shared/payment-paths';
import type { PaymentMethod } from '@hosted-checkout/contract/methods';
import { ServiceUnavailable } from '@/components/frame/service-unavailable';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('meta'))('apmTitle') };
}

const FIELD_ERRORS: FieldError[] = ['required', 'tooShort', 'tooLong', 'pattern', 'email', 'number', 'date', 'option', 'cpf'];
const TYPE_ORDER = ['BANK', 'WALLET', 'CASH', 'CRYPTO', 'OTHER'] as const;

/**
 * /payments/{transactionType}/{paymentId}/apm: the alternative payment methods the service lists for it, grouped by
 * type, each with a form rendered from its field descriptors (docs/design.md, "APM", "Payout"). The server renders
 * one form: the method of `?method=` (a link of the list, without JavaScript), or the only one; a method not offered
 * shows the list. With JavaScript each method opens its form in place (components/apm/method-choice.tsx).
 */
export default async function ApmPage(props: PageProps<'/payments/[transactionType]/[paymentId]/apm'>) {
  const loaded = await loadFormPage(props, 'apm');
  if ('fallback' in loaded) return loaded.fallback;
  const { transaction, settings, locale, query } = loaded;
  const type = transaction.type;
  // Read with the transaction (loadFormPage); null when they could not be read.
  const methods: PaymentMethod[] | null = loaded.methods ?? null;

  const t = await getTranslations('apm');
  const apms = (methods ?? []).filter((m) => m.type !== 'CARD');
  const cardAvailable = (methods ?? []).some((m) => m.type === 'CARD');
  const acceptHeader = (await headers()).get('accept') ?? '';
  // Each field with its label in the page's language (the catalogue's, else the descriptor's): a field's name comes
  // from the service, so the typed key is asked for with `t.has` before it is read.
  const localized = (fields: PaymentMethod['fields']) =>
    fields.map((f) => {
      const key = `fields.${f.name}` as 'fields.iban';
      return t.has(key) ? { ...f, label: t(key) } : f;
    });
  // One object for every method's form: React sends a shared object once, and later forms refer to it.
  const fieldErrors = Object.fromEntries(FIELD_ERRORS.map((k) => [k, t(`errors.${k}`)])) as Record<FieldError, string>;
  const text = (method: PaymentMethod): MethodFormText => ({
    submit: t('continue', { method: method.name }),
    processing: t('processing'),
    choose: t('choose'),
    optional: t('optional'),
    fieldErrors,
  });
  // The form the server renders: the method the address names when it is offered, else the only one, else none (the list).
  const chosen =
    typeof query.method === 'string' && apms.some((m) => m.id === query.method)
      ? query.method
      : apms.length === 1
        ? apms[0]?.id
        : undefined;
  const listed = (method: PaymentMethod): ListedMethod => ({
    id: method.id,
    name: method.name,
    href: paymentHref(type, 'apm', transaction.id, locale, { method: method.id }),
    attemptKey: randomUUID(),
    fields: localized(method.fields),
    text: text(method),
  });

  return (
    <TransactionShell page="apm" transaction={transaction} settings={settings}>
      {methods === null ? (
        <ServiceUnavailable retryHref={paymentHref(type, 'apm', transaction.id, locale)} />
      ) : apms.length === 0 ? (
        <div role="status" className="space-y-3">
          <p>{t('noMethods')}</p>
          {cardAvailable ? (
            <a
              className="inline-block rounded-theme bg-primary px-4 py-2 font-semibold text-on-primary"
              href={paymentHref(type, 'card', transaction.id, locale)}
            >
              {t('payByCard')}
            </a>
          ) : null}
        </div>
      ) : (
        <section aria-labelledby="apm-legend" className="space-y-5">
          <h2 id="apm-legend" className="text-base font-semibold">
            {type === 'payin' ? t('legend') : t('payoutLegend')}
          </h2>
          {TYPE_ORDER.filter((group) => apms.some((m) => m.type === group)).map((group) => (
            <section key={group} aria-labelledby={`group-${group}`} className="space-y-2">
              <h3 id={`group-${group}`} className="text-sm font-semibold tracking-wide text-fg-muted uppercase">
                {t(`types.${group}`)}
              </h3>
              {apms
                .filter((m) => m.type === group)
                .map((method) => (
                  <MethodChoice
                    key={method.id}
                    method={listed(method)}
                    open={method.id === chosen}
                    action={payByMethod}
                    transactionType={type}
                    paymentId={transaction.id}
                    locale={locale}
                    acceptHeader={acceptHeader}
                  />
                ))}
            </section>
          ))}
        </section>
      )}
    </TransactionShell>
  );
}
