/**
 * The sessions one live balance hub (live-balance-hub.ts) watches, and who watches them: per
 * session, the subscribed widget listeners grouped by the holder's proof they subscribed with,
 * the last snapshot (amounts in major units of the session currency, as the service gives them),
 * when the session expires (ms since the epoch) and the `session-changes` cursor covering it.
 * Bookkeeping only: no calls to the service, no timers, nothing thrown. Each hub owns one.
 */
import type { WidgetSnapshot } from './widget-snapshot';

/** A subscriber: called with each snapshot of its session that differs from the last. */
export type SnapshotListener = (snapshot: WidgetSnapshot) => void;

/** One watched session. */
export interface Watched {
  listeners: Set<SnapshotListener>;
  /** The listeners by the holder's proof they subscribed with: the service is asked with each, and ends those it no longer takes. */
  proofs: Map<string, Set<SnapshotListener>>;
  /** The last snapshot: a session is watched from its first load on (`add`), so there always is one. */
  snapshot: WidgetSnapshot;
  expiresAt: number;
  /** The session-changes cursor covering this session; null until it joined. */
  cursor: string | null;
}

const sameSnapshot = (a: WidgetSnapshot | null, b: WidgetSnapshot) => JSON.stringify(a) === JSON.stringify(b);
const cursorXmin = (cursor: string) => BigInt(cursor.split('.')[0] ?? '0');

/** The watched sessions of one hub, by session id. */
export class WatchedSessions {
  private readonly byId = new Map<string, Watched>();

  /** Number of sessions watched. */
  get count(): number {
    return this.byId.size;
  }

  /** Number of subscribers over all sessions. */
  get subscribers(): number {
    let subscribers = 0;
    for (const w of this.byId.values()) subscribers += w.listeners.size;
    return subscribers;
  }

  get(sessionId: string): Watched | undefined {
    return this.byId.get(sessionId);
  }

  /** The ids of every watched session. */
  ids(): string[] {
    return [...this.byId.keys()];
  }

  /** The ids of the sessions that have joined the long poll (`true`: they have a cursor) or not yet (`false`). */
  idsJoined(joined: boolean): string[] {
    return [...this.byId.entries()].filter(([, w]) => (w.cursor !== null) === joined).map(([id]) => id);
  }

  /** Starts watching a session just loaded (`expiresAt`: ms since the epoch), with no subscriber and no cursor yet. */
  add(sessionId: string, snapshot: WidgetSnapshot, expiresAt: number): Watched {
    const watched: Watched = { listeners: new Set(), proofs: new Map(), snapshot, expiresAt, cursor: null };
    this.byId.set(sessionId, watched);
    return watched;
  }

  /**
   * Adds `listener` to `entry`, under `proof` when there is one. True when the proof is new to
   * the session: the session then has no cursor (it joins again, the proof included).
   */
  listen(entry: Watched, listener: SnapshotListener, proof: string | null): boolean {
    entry.listeners.add(listener);
    if (!proof) return false;
    let listeners = entry.proofs.get(proof);
    const isNew = listeners === undefined;
    if (listeners === undefined) {
      listeners = new Set();
      entry.proofs.set(proof, listeners);
      entry.cursor = null;
    }
    listeners.add(listener);
    return isNew;
  }

  /** Removes `listener` from `entry`; the session is no longer watched once its last listener left. */
  unlisten(sessionId: string, entry: Watched, listener: SnapshotListener): void {
    entry.listeners.delete(listener);
    for (const [key, set] of entry.proofs) {
      set.delete(listener);
      if (set.size === 0) entry.proofs.delete(key);
    }
    if (entry.listeners.size === 0 && this.byId.get(sessionId) === entry) this.byId.delete(sessionId);
  }

  /** A proof held for a session, for the hub's background reads; null without one. */
  proofOf(sessionId: string): string | null {
    return this.byId.get(sessionId)?.proofs.keys().next().value ?? null;
  }

  /**
   * The watch body for sessions `ids`: each session named once per proof it is watched with
   * (`holderProofs` in the same order), or once without proofs when none is known.
   */
  watchBody(ids: string[]): { sessionIds: string[]; holderProofs?: string[] } {
    const sessionIds: string[] = [];
    const holderProofs: string[] = [];
    for (const id of ids) {
      const proofs = [...(this.byId.get(id)?.proofs.keys() ?? [])];
      if (proofs.length === 0) sessionIds.push(id);
      for (const proof of proofs) {
        sessionIds.push(id);
        holderProofs.push(proof);
      }
    }
    return holderProofs.length === sessionIds.length && holderProofs.length > 0 ? { sessionIds, holderProofs } : { sessionIds };
  }

  /** Sets the cursor of those of sessions `ids` still watched. */
  setCursor(ids: string[], cursor: string): void {
    for (const id of ids) {
      const watched = this.byId.get(id);
      if (watched) watched.cursor = cursor;
    }
  }

  /** The oldest cursor of sessions `ids` (a change seen twice is harmless, one skipped is not); undefined without one. */
  oldestCursor(ids: string[]): string | undefined {
    return ids
      .map((id) => this.byId.get(id)?.cursor)
      .filter((c): c is string => !!c)
      .sort((a, b) => (cursorXmin(a) < cursorXmin(b) ? -1 : 1))[0];
  }

  /** Ends the listeners of proofs the service no longer takes (the page was launched in another browser): they read status ENDED, then nothing. */
  endProofs(ended: string[] | undefined): void {
    if (!ended?.length) return;
    const gone = new Set(ended);
    for (const [sessionId, watched] of this.byId) {
      for (const [proof, listeners] of watched.proofs) {
        if (!gone.has(proof)) continue;
        watched.proofs.delete(proof);
        const last = watched.snapshot ? { ...watched.snapshot, status: 'ENDED' } : null;
        for (const listener of listeners) {
          watched.listeners.delete(listener);
          if (last) listener(last);
        }
      }
      if (watched.listeners.size === 0) this.byId.delete(sessionId);
    }
  }

  /** The snapshot of a watched session as shown: status EXPIRED once the session expired. */
  withStatus(watched: Watched): WidgetSnapshot {
    const { snapshot } = watched;
    return Date.now() >= watched.expiresAt ? { ...snapshot, status: 'EXPIRED' } : snapshot;
  }

  /** Keeps `next` as the session's snapshot and pushes it to its listeners, unless it is the same as the last. */
  publish(watched: Watched, next: WidgetSnapshot): void {
    if (sameSnapshot(watched.snapshot, next)) return;
    watched.snapshot = next;
    const shown = this.withStatus(watched);
    for (const listener of watched.listeners) listener(shown);
  }
}
