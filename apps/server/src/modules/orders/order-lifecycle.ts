import { createHmac, randomUUID } from "node:crypto";
import {
  CHECKOUT_MESSAGES,
  DomainError,
  ORDER_MESSAGES,
  type OrderDraft,
  type OrderLineDraft,
  type OrderStatus,
  PAYMENT_HOLD_MS,
  pointsEarned,
} from "@storefront/domain";
import { and, eq, ne, type Placeholder, sql } from "drizzle-orm";
import { compiled, compiledShapes, rowPlaceholder, rowValues } from "../../db/compiled.ts";
import type { Database, Transaction } from "../../db/index.ts";
import { discountCodes, orderLines, orders, stores, users, variants } from "../../db/schema.ts";
import { tokenHash } from "../../lib/tokens.ts";
import { cartPurchasedWith } from "../cart/checkout-cart.ts";
import { claimOncePerCustomer, releaseCustomerUse } from "../discounts/service.ts";
import type { SavedMethod } from "../payments/provider.ts";
import { renewalPaid, startSubscriptions } from "../subscriptions/service.ts";
import type { OrderLineRow, OrderRow } from "./order-reads.ts";

/** The payment that completed an order. */
export interface PaymentDone {
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The card the payment kept for the subscriptions the order starts. */
  saved?: SavedMethod | null;
}

/**
 * The key in the confirmation email's link. Derived from the order and the client's
 * Idempotency-Key, so a retried request can be answered with it again; only its hash is stored.
 */
export function orderAccessKey(orderId: string, idempotencyKey: string): string {
  return createHmac("sha256", idempotencyKey).update(`order-access:${orderId}`).digest("base64url");
}

/** An order line as its stock is counted (its variant is null once deleted). */
type StockLine = Pick<OrderLineDraft, "quantity" | "title" | "contents"> & {
  variantId: string | null;
};

/** What a line takes from a variant's stock: its variant's id, how many, and the name it is sold by. */
interface StockTake {
  variantId: string | null;
  quantity: number;
  title: string;
}

/**
 * What the lines take from stock, one entry per variant: a plain line its own variant, a bundle
 * line each variant it holds (its quantity times how many one bundle holds) and never the
 * bundle's own variant. Sorted by variant, so two orders take their stock in the same order and
 * never wait on each other.
 */
function stockTakes(lines: readonly StockLine[]): StockTake[] {
  const takes = new Map<string, StockTake & { variantId: string }>();
  const missing: StockTake[] = [];
  const take = (variantId: string | null, quantity: number, title: string) => {
    if (!variantId) {
      missing.push({ variantId, quantity, title });
      return;
    }
    const known = takes.get(variantId);
    if (known) known.quantity += quantity;
    else takes.set(variantId, { variantId, quantity, title });
  };
  for (const line of lines) {
    if (!line.contents) take(line.variantId, line.quantity, line.title);
    else for (const c of line.contents) take(c.variantId, line.quantity * c.quantity, c.title);
  }
  const sorted = [...takes.values()].sort((a, b) => a.variantId.localeCompare(b.variantId));
  return [...missing, ...sorted];
}

/** Takes `quantity` from a variant's stock if it has that much (or is never shipped). */
const stockTaken = compiled(["variantId", "storeId", "quantity"], (db, p) =>
  db
    .update(variants)
    .set({
      stock: sql`${variants.stock} - case when ${variants.requiresShipping} then ${p.quantity}::int else 0 end`,
    })
    .where(
      and(
        eq(variants.id, p.variantId),
        eq(variants.storeId, p.storeId),
        sql`(${variants.stock} >= ${p.quantity}::int or not ${variants.requiresShipping})`,
      ),
    )
    .returning({ id: variants.id }),
);

/**
 * Takes the lines' stock with a guard in each statement (`stock >= quantity`), in variant order so
 * two orders never wait on each other; the first variant short of stock refuses the whole order.
 * A variant that is never shipped has no stock counted: its line takes nothing. A bundle takes
 * its contents' stock (see stockTakes).
 */
async function takeStock(tx: Transaction, storeId: string, lines: readonly StockLine[]) {
  for (const line of stockTakes(lines)) {
    // A line whose variant was deleted since the order was placed has no stock to take.
    if (!line.variantId)
      throw new DomainError("out_of_stock", CHECKOUT_MESSAGES.outOfStock(line.title, 0));
    const [taken] = await stockTaken(tx, {
      variantId: line.variantId,
      storeId,
      quantity: line.quantity,
    });
    if (!taken) {
      const [left] = await tx
        .select({ stock: variants.stock })
        .from(variants)
        .where(eq(variants.id, line.variantId));
      throw new DomainError(
        "out_of_stock",
        CHECKOUT_MESSAGES.outOfStock(line.title, Math.max(0, left?.stock ?? 0)),
      );
    }
  }
}

/** Puts an order's items back in stock (an order released unpaid, or refunded and restocked). */
export async function giveStockBack(
  tx: Transaction,
  storeId: string,
  orderId: string,
): Promise<void> {
  const lines = await tx
    .select({
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
      title: orderLines.title,
      contents: orderLines.contents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  for (const line of stockTakes(lines)) {
    if (!line.variantId) continue;
    await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(
        and(
          eq(variants.id, line.variantId),
          eq(variants.storeId, storeId),
          eq(variants.requiresShipping, true),
        ),
      );
  }
}

/** Counts one redemption of the code, guarded so `max_redemptions` is never passed. */
async function redeemCode(tx: Transaction, storeId: string, codeId: string): Promise<void> {
  const [redeemed] = await tx
    .update(discountCodes)
    .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.storeId, storeId),
        eq(discountCodes.active, true),
        sql`${discountCodes.redemptions} < ${discountCodes.maxRedemptions}`,
      ),
    )
    .returning({ id: discountCodes.id });
  if (!redeemed) throw new DomainError("conflict", CHECKOUT_MESSAGES.discountUsedUp);
}

async function giveRedemptionBack(tx: Transaction, storeId: string, codeId: string): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ redemptions: sql`greatest(${discountCodes.redemptions} - 1, 0)` })
    .where(and(eq(discountCodes.id, codeId), eq(discountCodes.storeId, storeId)));
}

/**
 * Takes the points an order spends from its buyer's balance, guarded so the balance never goes
 * below 0: a balance spent meanwhile (another order, another tab) refuses the order.
 */
async function spendPoints(
  tx: Transaction,
  order: Pick<OrderRow, "storeId" | "userId" | "pointsSpent">,
): Promise<void> {
  if (order.pointsSpent <= 0) return;
  const [spent] = order.userId
    ? await tx
        .update(users)
        .set({ pointsBalance: sql`${users.pointsBalance} - ${order.pointsSpent}` })
        .where(
          and(
            eq(users.id, order.userId),
            eq(users.storeId, order.storeId),
            sql`${users.pointsBalance} >= ${order.pointsSpent}`,
          ),
        )
        .returning({ id: users.id })
    : [];
  if (!spent) throw new DomainError("conflict", CHECKOUT_MESSAGES.pointsChanged);
}

/** The columns of an order a draft gives, each named here so that a new one is not left out. */
const DRAFT_COLUMNS = {
  storeId: true,
  idempotencyKey: true,
  userId: true,
  cartId: true,
  email: true,
  name: true,
  address: true,
  currency: true,
  subtotal: true,
  discountAmount: true,
  discountCodeId: true,
  discountCode: true,
  pointsSpent: true,
  pointsDiscount: true,
  affiliateUserId: true,
  commissionAmount: true,
  tradePrices: true,
  shippingOptionId: true,
  shippingLabel: true,
  shippingAmount: true,
  taxLines: true,
  taxAmount: true,
  total: true,
  paymentProvider: true,
  paymentAccount: true,
  savesPaymentMethod: true,
  renewalOf: true,
} satisfies Record<keyof Omit<OrderDraft, "lines">, true>;

const ORDER_KEYS = [
  ...(Object.keys(DRAFT_COLUMNS) as (keyof typeof DRAFT_COLUMNS)[]),
  "id",
  "status",
  "accessKeyHash",
  "holdExpiresAt",
] as const;

const orderInsert = compiled(ORDER_KEYS, (db, p) => db.insert(orders).values(p).returning());

/** The columns of an order line a draft's line gives (with its total and position). */
const LINE_COLUMNS = {
  variantId: true,
  productId: true,
  sku: true,
  handle: true,
  title: true,
  attributes: true,
  imageUrl: true,
  quantity: true,
  unitPrice: true,
  planId: true,
  subscription: true,
  selection: true,
  contents: true,
  lineTotal: true,
  position: true,
} satisfies Record<keyof OrderLineDraft | "lineTotal" | "position", true>;

const ORDER_LINE_KEYS = Object.keys(LINE_COLUMNS) as (keyof typeof LINE_COLUMNS)[];

const ORDER_OF_LINES = ["orderId", "storeId"] as const;

/** The insert of an order's lines, compiled per count of lines (the first 8 counts seen). */
const orderLinesInsert = compiledShapes(8, ([count = 0]) =>
  compiled(ORDER_OF_LINES, (db, p) =>
    db
      .insert(orderLines)
      .values(
        Array.from({ length: count }, (_, position) => ({
          ...(Object.fromEntries(
            ORDER_LINE_KEYS.map((key) => [key, rowPlaceholder("line", position, key)]),
          ) as Record<(typeof ORDER_LINE_KEYS)[number], Placeholder>),
          orderId: p.orderId,
          storeId: p.storeId,
        })),
      )
      .returning(),
  ),
);

/**
 * Inserts the order (prices frozen) and its lines, takes their stock, counts the code's
 * redemption and spends the buyer's points, all in the caller's transaction. A second order with the same Idempotency-Key
 * fails on the unique index (see isUniqueViolation).
 */
export async function insertOrder(
  tx: Transaction,
  draft: OrderDraft,
  initial: { status: OrderStatus; now: Date },
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { lines, ...order } = draft;
  const id = randomUUID();
  const [row] = await orderInsert(tx, {
    ...order,
    id,
    status: initial.status,
    accessKeyHash: tokenHash(orderAccessKey(id, draft.idempotencyKey)),
    holdExpiresAt: new Date(initial.now.getTime() + PAYMENT_HOLD_MS),
  });
  if (!row) throw new Error("The order was not inserted");
  const stored = lines.map((l, position) => ({
    ...l,
    lineTotal: l.unitPrice * l.quantity,
    position,
  }));
  const inserted = await orderLinesInsert([lines.length])(tx, {
    ...rowValues("line", stored, ORDER_LINE_KEYS),
    orderId: row.id,
    storeId: draft.storeId,
  });
  await takeStock(tx, draft.storeId, lines);
  if (draft.discountCodeId) {
    await redeemCode(tx, draft.storeId, draft.discountCodeId);
    await claimOncePerCustomer(tx, draft.discountCodeId, row);
  }
  await spendPoints(tx, row);
  return { order: row, lines: inserted.sort((a, b) => a.position - b.position) };
}

/**
 * Marks the order paid and empties its cart, in one statement: the order's row is locked first and
 * the cart changes only if it was still awaiting payment, so both happen or neither. Answers the
 * paid order, or null when the order was not awaiting payment (a replay, or released meanwhile).
 */
async function markPaid(
  db: Database,
  order: OrderRow,
  payment: PaymentDone,
  points: number,
  now: Date,
): Promise<OrderRow | null> {
  const values = {
    orderId: order.id,
    storeId: order.storeId,
    cartId: order.cartId,
    now,
    reference: payment.reference,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    points,
  };
  const [paid] = await (order.cartId ? MARK_PAID.withCart : MARK_PAID.alone)(db, values);
  return paid ?? null;
}

/** markPaid's statement, for an order with a cart (which it empties) and for one without. */
const markPaidStatement = (withCart: boolean) =>
  compiled(
    ["orderId", "storeId", "cartId", "now", "reference", "cardBrand", "cardLast4", "points"],
    (db, p) => {
      const awaiting = and(eq(orders.id, p.orderId), eq(orders.status, "awaiting_payment"));
      const locked = db
        .$with("locked")
        .as(db.select({ id: orders.id }).from(orders).where(awaiting).for("update"));
      const cart = withCart
        ? cartPurchasedWith(db, sql`select 1 from ${locked}`, p.storeId, p.cartId, p.orderId)
        : [];
      return db
        .with(locked, ...cart)
        .update(orders)
        .set({
          status: "paid",
          // An update's types take no placeholder; inside sql`` it is sent as it is given
          // (pg writes a Date as a timestamp with its offset).
          paidAt: sql`${p.now}`,
          updatedAt: sql`${p.now}`,
          paymentReference: sql`${p.reference}`,
          cardBrand: sql`${p.cardBrand}`,
          cardLast4: sql`${p.cardLast4}`,
          pointsEarned: sql`${p.points}`,
          failureMessage: null,
        })
        .where(and(awaiting, sql`exists (select 1 from ${locked})`))
        .returning();
    },
  );
const MARK_PAID = { withCart: markPaidStatement(true), alone: markPaidStatement(false) };

/**
 * Completes a paid order in the caller's transaction: the order is paid, its cart emptied and
 * marked purchased, and a signed-in buyer earns points and starts the subscriptions of its
 * subscription lines. Guarded on the order's status, so a replay completes nothing twice;
 * answers the paid order when this call completed it, else null.
 */
export async function completeOrder(
  tx: Transaction,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<OrderRow | null> {
  // Loyalty points reward retail buying: a trade order earns none.
  const points = order.userId && !order.tradePrices ? pointsEarned(order.total) : 0;
  const paid = await markPaid(tx, order, payment, points, now);
  if (!paid) return null;
  // A renewal moves its subscription on; an order placed at checkout starts its subscriptions.
  if (order.renewalOf) await renewalPaid(tx, { ...order, renewalOf: order.renewalOf }, now);
  else await startSubscriptions(tx, order, payment, now);
  if (order.userId && points > 0) await creditPoints(tx, order.storeId, order.userId, points);
  if (order.affiliateUserId && order.commissionAmount > 0) {
    await creditCommission(tx, { ...order, affiliateUserId: order.affiliateUserId });
  }
  return paid;
}

/**
 * As completeOrder, in a transaction of its own when the order needs one; a guest's order (no
 * points, subscriptions or commission) is completed by one statement, without BEGIN and COMMIT.
 */
export function completeOrderNow(
  db: Database,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<OrderRow | null> {
  const onlyItsRowAndCart =
    order.renewalOf === null &&
    order.userId === null &&
    (order.affiliateUserId === null || order.commissionAmount === 0);
  return onlyItsRowAndCart
    ? markPaid(db, order, payment, 0, now)
    : db.transaction((tx) => completeOrder(tx, order, payment, now));
}

/** Adds loyalty points to a buyer's balance: a paid order's, or an unpaid order's given back. */
async function creditPoints(
  tx: Transaction,
  storeId: string,
  userId: string,
  points: number,
): Promise<void> {
  await tx
    .update(users)
    .set({ pointsBalance: sql`${users.pointsBalance} + ${points}` })
    .where(and(eq(users.id, userId), eq(users.storeId, storeId)));
}

/**
 * Adds a paid order's commission to its affiliate's balance. The balance is one number in the
 * store's currency: an order in the other currency keeps its commission on the order
 * (orders.commission_amount) without converting it.
 */
async function creditCommission(
  tx: Transaction,
  order: Pick<OrderRow, "storeId" | "currency" | "commissionAmount"> & { affiliateUserId: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ commissionAmount: sql`${users.commissionAmount} + ${order.commissionAmount}` })
    .where(
      and(
        eq(users.id, order.affiliateUserId),
        eq(users.storeId, order.storeId),
        sql`exists (select 1 from ${stores} where ${stores.id} = ${order.storeId} and ${stores.defaultCurrency} = ${order.currency})`,
      ),
    );
}

/**
 * Ends an unpaid order (declined, expired or canceled) and gives its stock, redemption and points
 * back. Guarded on `awaiting_payment`; answers whether this call ended it.
 */
export async function releaseOrder(
  tx: Transaction,
  order: Pick<OrderRow, "id" | "storeId" | "discountCodeId" | "userId" | "pointsSpent">,
  status: Exclude<OrderStatus, "paid" | "awaiting_payment">,
  message: string | null,
  now: Date,
): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ status, updatedAt: now, failureMessage: message })
    .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id });
  if (!released) return false;
  await giveStockBack(tx, order.storeId, order.id);
  if (order.discountCodeId) {
    await giveRedemptionBack(tx, order.storeId, order.discountCodeId);
    await releaseCustomerUse(tx, order.id);
  }
  if (order.userId && order.pointsSpent > 0) {
    await creditPoints(tx, order.storeId, order.userId, order.pointsSpent);
  }
  return true;
}

/**
 * The cart's orders still awaiting payment, except the one of the attempt under way (`keep`, its
 * Idempotency-Key: a request of the same attempt on another instance may be paying it).
 */
function otherUnpaidOrdersOfCart(
  storeId: string | Placeholder,
  cartId: string | Placeholder,
  keep: string | Placeholder,
) {
  return and(
    eq(orders.storeId, storeId),
    eq(orders.cartId, cartId),
    eq(orders.status, "awaiting_payment"),
    ne(orders.idempotencyKey, keep),
  );
}

/** Whether the cart has an unpaid order of another attempt (another tab, an earlier try). */
export async function cartHasOtherUnpaidOrder(
  tx: Transaction,
  storeId: string,
  cartId: string,
  keep: string,
): Promise<boolean> {
  const [other] = await otherUnpaidOrder(tx, { storeId, cartId, keep });
  return other !== undefined;
}

const otherUnpaidOrder = compiled(["storeId", "cartId", "keep"], (db, p) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .where(otherUnpaidOrdersOfCart(p.storeId, p.cartId, p.keep))
    .limit(1),
);

/**
 * Releases the cart's orders still awaiting payment (canceled), except the one of the attempt
 * under way (`keep`); answers the ones it released.
 */
export async function releaseCartOrders(
  tx: Transaction,
  storeId: string,
  cartId: string,
  now: Date,
  keep: string,
): Promise<OrderRow[]> {
  const waiting = await tx
    .select()
    .from(orders)
    .where(otherUnpaidOrdersOfCart(storeId, cartId, keep))
    .for("update");
  const released: OrderRow[] = [];
  for (const order of waiting) {
    if (await releaseOrder(tx, order, "canceled", ORDER_MESSAGES.replaced, now)) {
      released.push(order);
    }
  }
  return released;
}

/**
 * An expired order whose payment arrived after all: in a nested transaction (a savepoint), the
 * order awaits payment again, takes its stock, its code's redemption and its points again and
 * completes. Answers false, with nothing changed, when the stock, the redemption or the points
 * are no longer there.
 */
export async function reviveExpiredOrder(
  tx: Transaction,
  order: OrderRow,
  payment: PaymentDone,
  now: Date,
): Promise<boolean> {
  return tx
    .transaction(async (inner) => {
      await inner.update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, order.id));
      const lines = await inner.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      await takeStock(inner, order.storeId, lines);
      if (order.discountCodeId) await redeemCode(inner, order.storeId, order.discountCodeId);
      await spendPoints(inner, order);
      await completeOrder(inner, order, payment, now);
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof DomainError) return false;
      throw err;
    });
}
