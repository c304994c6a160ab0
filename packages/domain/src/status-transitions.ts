import type { OrderStatus } from "./order.ts";
import type { SubscriptionStatus } from "./subscription.ts";

/** A status change no transition table allows: a bug in the code that asked for it. */
export class StatusTransitionError extends Error {}

/**
 * The status changes of one kind of record, declared once as a table (from → the statuses it may
 * move to), in the spirit of Vendure's order state machine. Every write that changes a status
 * checks it here; a guarded SQL update takes its `where status in (…)` from `into`.
 */
export class Transitions<S extends string> {
  readonly #table: { readonly [From in S]: readonly S[] };
  readonly #what: string;

  constructor(what: string, table: { readonly [From in S]: readonly S[] }) {
    this.#what = what;
    this.#table = table;
  }

  /** Whether a record in `from` may move to `to`. */
  may(from: S, to: S): boolean {
    return this.#table[from].includes(to);
  }

  /** Throws StatusTransitionError unless `from` may move to `to`. */
  check(from: S, to: S): void {
    if (!this.may(from, to)) {
      throw new StatusTransitionError(`${this.#what} cannot move from ${from} to ${to}`);
    }
  }

  /** The statuses that may move to `to`, in the table's order. */
  into(to: S): S[] {
    return (Object.keys(this.#table) as S[]).filter((from) => this.may(from, to));
  }

  /** The statuses nothing moves on from. */
  final(): S[] {
    return (Object.keys(this.#table) as S[]).filter((from) => this.#table[from].length === 0);
  }
}

/**
 * An order's life. It is written `awaiting_payment`, holding its stock; it is then paid (final),
 * or ends unpaid: declined, expired (its 30-minute hold passed) or canceled (by the store, or
 * replaced by a newer checkout of its cart). An expired order whose payment arrives after all
 * awaits payment again while it takes its stock back; one whose payment arrives when it can no
 * longer be confirmed is canceled, and the payment refunded.
 */
export const ORDER_TRANSITIONS = new Transitions<OrderStatus>("An order", {
  awaiting_payment: ["paid", "declined", "expired", "canceled"],
  paid: [],
  declined: ["canceled"],
  expired: ["awaiting_payment", "canceled"],
  canceled: ["canceled"],
});

/** The status an order is written with. */
export const ORDER_INITIAL_STATUS: OrderStatus = "awaiting_payment";

/**
 * A subscription's life: active (renews), paused (by the shopper, or after its renewals failed)
 * and active again when resumed or given a new card, and cancelled, which is final.
 */
export const SUBSCRIPTION_TRANSITIONS = new Transitions<SubscriptionStatus>("A subscription", {
  active: ["paused", "cancelled"],
  paused: ["active", "cancelled"],
  cancelled: [],
});
