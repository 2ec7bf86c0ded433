/**
 * What Next.js hands a page of the sandbox (`params`: its dynamic segments, `searchParams`: its
 * query), written out so the package type-checks without the product's generated route types
 * (Next.js's global `PageProps<'/sandbox/…'>` is this shape for each route).
 */
export interface SandboxPageProps<Params extends Record<string, string> = Record<string, never>> {
  params: Promise<Params>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}
