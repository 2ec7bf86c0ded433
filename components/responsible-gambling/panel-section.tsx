/**
 * The titled box each responsible gambling part is drawn in (the panel, the limits prompt, the
 * exclusion notice, the review reminder): a section named by its h2. Plain: usable from server
 * and client components alike.
 */
import type { ReactNode } from 'react';

interface PanelSectionProps {
  /** The h2's id, which names the section (`aria-labelledby`). */
  headingId: string;
  heading: ReactNode;
  /** The box's spacing and border (`rounded-theme border border-… p-4`). */
  className: string;
  /** `data-testid`, when the tests look the box up. */
  testId?: string;
  /** 'alert' for a box that must be announced as it appears (the exclusion). */
  role?: 'alert';
  children: ReactNode;
}

/** A section named by its h2 `heading`, then `children`. */
export function PanelSection({ headingId, heading, className, testId, role, children }: PanelSectionProps) {
  return (
    <section role={role} aria-labelledby={headingId} className={className} data-testid={testId}>
      <h2 id={headingId} className="text-base font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
