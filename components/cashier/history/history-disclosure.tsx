'use client';
/**
 * The cashier's history, loaded when it is opened: the page comes without it, and shows a link to
 * itself with `?history=1`, which renders it (without JavaScript). With JavaScript the link opens
 * the history in place: its list is fetched from the `cashierHistory` server action and shown
 * under the heading, fetched again while open when the page's own figures change (a refresh after
 * a payment). Should the action answer nothing, the link is followed.
 */
import { useEffect, useState, useTransition } from 'react';

interface HistoryDisclosureProps {
  sessionId: string;
  heading: string;
  /** The link's text ("Show history"). */
  show: string;
  /** This page with `?history=1`: the history without JavaScript. */
  href: string;
  /** Changes when the session's figures do: an open history is fetched again. */
  version: string;
  load: (sessionId: string) => Promise<React.ReactNode>;
}

/** The history region: its heading, then the link that opens it or, once opened, its list. */
export function HistoryDisclosure({ sessionId, heading, show, href, version, load }: HistoryDisclosureProps) {
  const [content, setContent] = useState<React.ReactNode>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const open = (at: string) =>
    startTransition(async () => {
      const loaded = await load(sessionId).catch(() => null);
      if (loaded === null || loaded === undefined) {
        window.location.assign(href);
        return;
      }
      setContent(loaded);
      setOpened(at);
    });

  useEffect(() => {
    // Fetched again once the page's figures moved on since it was opened.
    if (opened !== null && opened !== version && !pending) open(version);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` is a fresh closure each render; `version` drives it.
  }, [version, opened]);

  return (
    <section aria-labelledby="history-heading" aria-busy={pending} className="space-y-2">
      <h2 id="history-heading" className="text-base font-semibold">
        {heading}
      </h2>
      {opened === null ? (
        <a
          href={href}
          aria-controls="history-list"
          aria-expanded={false}
          className="inline-block min-h-6 py-1 text-primary underline"
          onClick={(event) => {
            event.preventDefault();
            if (!pending) open(version);
          }}
        >
          {show}
        </a>
      ) : null}
      <div id="history-list">{opened === null ? null : content}</div>
    </section>
  );
}
