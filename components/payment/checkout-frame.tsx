/**
 * The frame of every payment page: a single <main> with the page's heading, sized to its
 * content so the merchant's iframe can follow `resize` messages.
 */
export function CheckoutFrame({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-md px-4 py-5">
      <h1 className="sr-only">{heading}</h1>
      {children}
    </main>
  );
}
