/**
 * One upstream watch per checkout instance for every open withdrawal widget, so the calls to the
 * service do not grow with the number of widgets open. Widgets subscribe to a session through the server-sent events route;
 * the hub keeps, per instance, a long poll of the service's `POST /public/cashier/session-changes`
 * (docs/design.md, E18) over every watched session (at most 1,000 per call, in parallel beyond
 * that) and pushes each change to that session's subscribers. A new session joins with one call without a cursor
 * (its state now and its cursor), then the long poll restarts to include it.
 *
 * When the service lacks session-changes (404 or 405), the hub polls instead: one GET of each
 * watched session per second, whatever the number of its viewers, and it tries the long poll
 * again after 5 minutes. Which sessions are watched, by whom and with which proofs is
 * watched-sessions.ts's bookkeeping; this module makes the calls.
 * Amounts are major units of the session currency, as the service gives them.
 */
import 'server-only';
import { SESSION_CHANGES_MAX_IDS, type SessionChange } from '@hosted-checkout/contract/session-changes';
import { callOperation, PaymentsApiError } from '@/lib/payments-api/client';
import { logger } from '@hosted-checkout/runtime/log';
import { loadWidgetSnapshot, pendingWithdrawals, type WidgetSnapshot } from './widget-snapshot';
import { WatchedSessions, type SnapshotListener } from './watched-sessions';

/** How long one long poll waits at the service (s); the service allows 25. */
const WAIT_S = 25;
/** Interval of the fallback polling (ms), the widget's own interval. */
const FALLBACK_POLL_MS = 1_000;
/** How long the hub polls before it tries the long poll again (ms). */
const RETRY_WATCH_MS = 5 * 60_000;
/** New sessions wait this long so that many joining at once restart the long poll once (ms). */
const JOIN_DEBOUNCE_MS = 100;

/** The hub of one process; `liveBalanceHub()` answers it. */
export class LiveBalanceHub {
  private readonly sessions = new WatchedSessions();
  private mode: 'watch' | 'poll' = 'watch';
  private pollSince = 0;
  private running = false;
  private restart: AbortController | null = null;
  private joinTimer: NodeJS.Timeout | null = null;
  /** Upstream calls made, by operation (benchmarks and tests read it). */
  readonly upstreamCalls = { watch: 0, get: 0, transactions: 0 };

  private readonly call: typeof callOperation;
  private readonly loadSnapshot: typeof loadWidgetSnapshot;
  private readonly pendingOf: typeof pendingWithdrawals;

  private readonly idsPerWatch: number;

  /** The service calls are injectable (tests run the hub against the sandbox in process), and so is the ids per watch call. */
  constructor(
    deps: {
      call?: typeof callOperation;
      loadSnapshot?: typeof loadWidgetSnapshot;
      pendingOf?: typeof pendingWithdrawals;
      idsPerWatch?: number;
    } = {},
  ) {
    this.idsPerWatch = deps.idsPerWatch ?? SESSION_CHANGES_MAX_IDS;
    this.call = deps.call ?? callOperation;
    this.loadSnapshot = deps.loadSnapshot ?? loadWidgetSnapshot;
    this.pendingOf = deps.pendingOf ?? pendingWithdrawals;
  }

  /** Number of sessions watched and of subscribers over all of them. */
  get size(): { sessions: number; subscribers: number } {
    return { sessions: this.sessions.count, subscribers: this.sessions.subscribers };
  }

  /**
   * Subscribes to a session's snapshots; answers the current snapshot (loaded when the hub has
   * none) and an unsubscribe function. Throws PaymentsApiError when the first load fails.
   */
  async subscribe(
    sessionId: string,
    listener: SnapshotListener,
    proof: string | null = null,
  ): Promise<{ snapshot: WidgetSnapshot; unsubscribe: () => void }> {
    let watched = this.sessions.get(sessionId);
    if (!watched?.snapshot) {
      const { expiresAt, ...snapshot } = await this.loadSnapshot(sessionId, proof);
      watched = this.sessions.get(sessionId);
      if (!watched) {
        watched = this.sessions.add(sessionId, snapshot, Date.parse(expiresAt));
        this.scheduleJoin();
      } else watched.snapshot ??= snapshot;
    }
    const entry = watched;
    // A proof the hub does not watch with yet: the long poll restarts to include it.
    if (this.sessions.listen(entry, listener, proof)) this.scheduleJoin();
    this.start();
    return {
      snapshot: this.sessions.withStatus(entry),
      unsubscribe: () => this.sessions.unlisten(sessionId, entry, listener),
    };
  }

  /** The live snapshot of a watched session, or null when nobody watches it here. */
  current(sessionId: string): WidgetSnapshot | null {
    const watched = this.sessions.get(sessionId);
    return watched?.snapshot ? this.sessions.withStatus(watched) : null;
  }

  private scheduleJoin(): void {
    if (this.joinTimer) return;
    this.joinTimer = setTimeout(() => {
      this.joinTimer = null;
      this.restart?.abort();
    }, JOIN_DEBOUNCE_MS);
    this.joinTimer.unref?.();
  }

  private start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
      if (this.sessions.count > 0) this.start();
    });
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (this.sessions.count > 0) {
      this.restart = new AbortController();
      try {
        if (this.mode === 'poll' && Date.now() - this.pollSince >= RETRY_WATCH_MS) this.mode = 'watch';
        if (this.mode === 'watch') await this.watchRound(this.restart.signal);
        else await this.pollRound(this.restart.signal);
        failures = 0;
      } catch (error) {
        if (this.restart.signal.aborted) continue;
        if (
          PaymentsApiError.is(error) &&
          error.reason === 'http' &&
          (error.status === 404 || error.status === 405) &&
          this.mode === 'watch'
        ) {
          logger.info('the payments service has no session-changes long poll: polling each watched session every second');
          this.mode = 'poll';
          this.pollSince = Date.now();
          continue;
        }
        failures += 1;
        const delay = Math.min(15_000, 500 * 2 ** Math.min(failures, 5));
        logger.warn({ err: error, delayMs: delay }, 'live balance watch failed; trying again');
        await sleep(delay, this.restart.signal);
      }
    }
  }

  /** Joins new sessions, then one long poll per 1,000 watched sessions, in parallel. */
  private async watchRound(signal: AbortSignal): Promise<void> {
    const joining = this.sessions.idsJoined(false);
    for (const ids of chunks(joining, this.idsPerWatch)) {
      this.upstreamCalls.watch += 1;
      // Not tied to the round: a join completes even while more sessions arrive.
      const answer = await this.call('watchSessionChanges', { body: this.sessions.watchBody(ids), background: true });
      this.sessions.setCursor(ids, answer.cursor);
      this.sessions.endProofs(answer.ended);
      // The state now of sessions just loaded: pending withdrawals are refetched only where the
      // reserved amount moved meanwhile.
      await this.apply(answer.changed, 'joined');
    }
    // More sessions arrived during the joins: join them first.
    if (signal.aborted) return;
    const groups = chunks(this.sessions.idsJoined(true), this.idsPerWatch);
    // The first group to answer ends the round: the others' long polls are dropped (their cursors
    // stay, so nothing is lost) and every group waits again at once, none behind another's 25 s.
    const round = new AbortController();
    const endRound = () => round.abort();
    signal.addEventListener('abort', endRound, { once: true });
    try {
      await Promise.all(
        groups.map(async (ids) => {
          // The oldest cursor of the group: a change seen twice is harmless, one skipped is not.
          const after = this.sessions.oldestCursor(ids);
          this.upstreamCalls.watch += 1;
          let answer;
          try {
            answer = await this.call('watchSessionChanges', {
              body: { ...this.sessions.watchBody(ids), after, waitSeconds: WAIT_S },
              signal: round.signal,
              timeoutMs: (WAIT_S + 10) * 1000,
              background: true,
            });
          } catch (error) {
            if (round.signal.aborted && !signal.aborted) return;
            throw error;
          }
          this.sessions.setCursor(ids, answer.cursor);
          round.abort();
          this.sessions.endProofs(answer.ended);
          await this.apply(answer.changed, 'changed');
        }),
      );
    } finally {
      signal.removeEventListener('abort', endRound);
    }
  }

  /** Fallback: one GET per watched session, then waits out the interval. */
  private async pollRound(signal: AbortSignal): Promise<void> {
    const started = Date.now();
    await Promise.all(
      this.sessions.ids().map(async (id) => {
        this.upstreamCalls.get += 1;
        const session = await this.call('getCashierSession', {
          params: { sessionId: id },
          signal,
          background: true,
          holderProof: this.sessions.proofOf(id),
        });
        await this.apply(
          [
            {
              sessionId: id,
              balance: session.balance ?? null,
              reserved: session.reserved ?? 0,
              available: session.available ?? session.balance ?? null,
            },
          ],
          'polled',
        );
      }),
    );
    await sleep(Math.max(0, FALLBACK_POLL_MS - (Date.now() - started)), signal);
  }

  /**
   * Applies changes and pushes the snapshots that differ. `changed` (a session-changes notice)
   * refreshes the pending list unless it says only the balance moved (`withdrawalsChanged:
   * false`) and the reserved amount is the same; `joined` (the state of sessions just loaded) only where the
   * reserved amount moved; `polled` reads it through its 5 s cache.
   */
  private async apply(changes: SessionChange[], source: 'changed' | 'joined' | 'polled'): Promise<void> {
    await Promise.all(
      changes.map(async (change) => {
        const watched = this.sessions.get(change.sessionId);
        if (!watched?.snapshot) return;
        let pending = watched.snapshot.pending;
        try {
          // A notice that says only the balance moved keeps the list (one call fewer per change).
          const withdrawalsMoved = source === 'changed' && change.withdrawalsChanged !== false;
          if (withdrawalsMoved || change.reserved !== watched.snapshot.reserved) {
            this.upstreamCalls.transactions += 1;
            pending = await this.pendingOf(change.sessionId, true, this.sessions.proofOf(change.sessionId));
          } else if (source === 'polled') {
            // A status may move without the reserved amount: the list, at most 5 s old.
            pending = await this.pendingOf(change.sessionId, false, this.sessions.proofOf(change.sessionId));
          }
        } catch (error) {
          logger.warn({ err: error, sessionId: change.sessionId }, 'pending withdrawals could not be refreshed');
        }
        this.sessions.publish(watched, {
          ...watched.snapshot,
          balance: change.balance,
          reserved: change.reserved,
          available: change.available,
          pending,
        });
      }),
    );
  }
}

function chunks(ids: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const key = Symbol.for('hosted-checkout.live-balance-hub');

/** The process's hub (kept on globalThis: Next.js may load this module once per route bundle). */
export function liveBalanceHub(): LiveBalanceHub {
  const g = globalThis as typeof globalThis & { [key]?: LiveBalanceHub };
  return (g[key] ??= new LiveBalanceHub());
}
