/**
 * The performance table as a page: each payment page against its static twin, per throttling
 * method, from published/performance.json (`npm run bench:clock -- --publish`), with the build
 * and date it was measured on. A server component: no client JavaScript; words in the page's locale.
 */
import { getFormatter, getTranslations } from 'next-intl/server';
import type { PerformanceTable as Table } from '@/lib/published/performance-table';

const cell = 'border border-line px-2 py-1 text-end align-top tabular-nums';
const head = 'border border-line px-2 py-1 text-start align-bottom';

type Figures = NonNullable<Table['methods']['devtools']>[number]['page'];

/** A median with its range: "1,175 (1,062–1,192)". */
const spread = (n: (value: number) => string, s: Figures['lcp']) => `${n(s.median)} (${n(s.min)}–${n(s.max)})`;

/** The table of `table` (null: none published for this server). */
export async function PerformanceTable({ table }: { table: Table | null }) {
  const t = await getTranslations('performanceTable');
  const tp = await getTranslations('publishedPages');
  const format = await getFormatter();
  const n = (value: number) => format.number(value, { maximumFractionDigits: 0 });
  const kb = (bytes: number) => format.number(bytes / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p>{t('intro')}</p>
      {table === null ? (
        <p role="status" data-testid="performance-missing">
          {t('notMade')}
        </p>
      ) : (
        <>
          <p data-testid="performance-provenance">
            {t('provenance', {
              date: format.dateTime(new Date(table.measuredAt), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
              build: table.buildId ?? '—',
              runs: table.runs,
            })}
          </p>
          <p>{t('goals', { ratio: table.goals.lcpRatio, tbt: table.goals.tbtMs, score: table.goals.performance })}</p>
          {(['devtools', 'simulate'] as const).map((method) => {
            const rows = table.methods[method];
            if (!rows) return null;
            return (
              <section key={method} aria-labelledby={`method-${method}`} className="space-y-2">
                <h2 id={`method-${method}`} className="text-xl font-semibold">
                  {t('methodHeading', { method })}
                </h2>
                <p>{t(`methods.${method}`)}</p>
                <div className="overflow-x-auto">
                  <table className="w-full border-collapse" data-testid={`performance-${method}`}>
                    <caption className="text-start font-semibold">{t('caption')}</caption>
                    <thead>
                      <tr>
                        {(['page', 'lcp', 'fcp', 'tbt', 'kb', 'js', 'performance', 'ratio'] as const).map((column) => (
                          <th key={column} scope="col" className={head}>
                            {t(`columns.${column}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.flatMap((row) =>
                        (['page', 'twin'] as const).map((variant) => {
                          const v = row[variant];
                          return (
                            <tr key={`${row.name}-${variant}`} data-row={`${row.name}-${variant}`}>
                              <th scope="row" className="border border-line px-2 py-1 text-start">
                                {variant === 'page' ? tp(row.name) : `${tp(row.name)}, ${t('twin')}`}
                              </th>
                              <td className={cell}>{spread(n, v.lcp)}</td>
                              <td className={cell}>{spread(n, v.fcp)}</td>
                              <td className={cell}>{spread(n, v.tbt)}</td>
                              <td className={cell}>{kb(v.bytes)}</td>
                              <td className={cell}>{kb(v.jsBytes)}</td>
                              <td className={cell}>{format.number(v.performance, { maximumFractionDigits: 2 })}</td>
                              <td className={cell}>
                                {variant === 'page'
                                  ? `${format.number(row.ratio, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}× · ${row.meets ? t('meets') : t('misses')}`
                                  : ''}
                              </td>
                            </tr>
                          );
                        }),
                      )}
                    </tbody>
                  </table>
                </div>
              </section>
            );
          })}
        </>
      )}
    </main>
  );
}
