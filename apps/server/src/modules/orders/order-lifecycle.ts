import { createHmac, randomUUID } from "node:crypto";
import {
  ORDER_INITIAL_STATUS,
  ORDER_TRANSITIONS,
  type OrderDraft,
  type OrderLineDraft,
  type OrderStatus,
  PAYMENT_HOLD_MS,
} from "@storefront/domain";
import {
  and,
  eq,
  inArray,
  like,
  lt,
  ne,
  type Placeholder,
  type SQL,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import { compiled, compiledShapes, rowPlaceholder, rowValues } from "../../db/compiled.ts";
import type { Database, Transaction } from "../../db/index.ts";
import { tokenHash } from "../../lib/tokens.ts";
import type { OrderLineRow, OrderRow } from "./order-reads.ts";
import { orderLines, orders } from "./schema.ts";

/** The payment that completed an order, as the order keeps it. */
export interface OrderPayment {
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/**
 * The key in the confirmation email's link. Derived from the order and the client's
 * Idempotency-Key, so a retried request can be answered with it again; only its hash is stored.
 */
export function orderAccessKey(orderId: string, idempotencyKey: string): string {
  return createHmac("sha256", idempotencyKey).update(`order-access:${orderId}`).digest("base64url");
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
 * Inserts the order (prices frozen), in the status the domain's table writes an order with, and
 * its lines, in the caller's transaction; the flow that
 * calls it takes what the order holds (stock, code, points) in the same transaction. A second
 * order with the same Idempotency-Key fails on the unique index (see isUniqueViolation).
 */
export async function insertOrder(
  tx: Transaction,
  draft: OrderDraft,
  now: Date,
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { lines, ...order } = draft;
  const id = randomUUID();
  const [row] = await orderInsert(tx, {
    ...order,
    id,
    status: ORDER_INITIAL_STATUS,
    accessKeyHash: tokenHash(orderAccessKey(id, draft.idempotencyKey)),
    holdExpiresAt: new Date(now.getTime() + PAYMENT_HOLD_MS),
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
  return { order: row, lines: inserted.sort((a, b) => a.position - b.position) };
}

/** The statements that run with the one that marks an order paid (its cart's, in a flow). */
export type AlongWithPaid = (
  db: Database,
  paid: SQL,
  storeId: Placeholder,
  cartId: Placeholder,
  orderId: Placeholder,
) => readonly WithSubquery[];

/** A compiled "mark paid" statement, for an order with a cart and for one without. */
export interface MarkPaidStatements {
  withCart: ReturnType<typeof markPaidStatement>;
  alone: ReturnType<typeof markPaidStatement>;
}

/**
 * The statements that mark an order paid, in one statement with `alongWithCart` (what happens to
 * the order's cart, given by the flow that owns both): the order's row is locked first and the
 * others run only if it was still awaiting payment, so all happen or none.
 */
export function markPaidStatements(alongWithCart: AlongWithPaid): MarkPaidStatements {
  return { withCart: markPaidStatement(alongWithCart), alone: markPaidStatement(null) };
}

/**
 * Marks the order paid (with `statements`, see markPaidStatements). Answers the paid order, or
 * null when the order was not awaiting payment (a replay, or released meanwhile).
 */
export async function markPaid(
  statements: MarkPaidStatements,
  db: Database,
  order: OrderRow,
  payment: OrderPayment,
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
  const [paid] = await (order.cartId ? statements.withCart : statements.alone)(db, values);
  return paid ?? null;
}

/** markPaid's statement, with the statements of the order's cart, or alone. */
const markPaidStatement = (along: AlongWithPaid | null) =>
  compiled(
    ["orderId", "storeId", "cartId", "now", "reference", "cardBrand", "cardLast4", "points"],
    (db, p) => {
      const awaiting = and(eq(orders.id, p.orderId), statusMayBecome("paid"));
      const locked = db
        .$with("locked")
        .as(db.select({ id: orders.id }).from(orders).where(awaiting).for("update"));
      const cart = along
        ? along(db, sql`select 1 from ${locked}`, p.storeId, p.cartId, p.orderId)
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

/**
 * Ends an unpaid order (declined, expired or canceled), guarded on `awaiting_payment`; answers
 * whether this call ended it (the flow then gives back what it held).
 */
export async function endUnpaidOrder(
  tx: Transaction,
  orderId: string,
  status: Exclude<OrderStatus, "paid" | "awaiting_payment">,
  message: string | null,
  now: Date,
): Promise<boolean> {
  ORDER_TRANSITIONS.check("awaiting_payment", status);
  const [ended] = await tx
    .update(orders)
    .set({ status, updatedAt: now, failureMessage: message })
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment")))
    .returning({ id: orders.id });
  return ended !== undefined;
}

/** An order's lines as its stock is counted. */
export function orderStockLines(tx: Transaction, orderId: string) {
  return tx
    .select({
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
      title: orderLines.title,
      contents: orderLines.contents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
}

/** An expired order awaits payment again (its payment arrived after all). */
export async function reopenOrder(
  tx: Transaction,
  order: Pick<OrderRow, "id" | "status">,
): Promise<void> {
  ORDER_TRANSITIONS.check(order.status, "awaiting_payment");
  await tx.update(orders).set({ status: "awaiting_payment" }).where(eq(orders.id, order.id));
}

/**
 * The guard of an update to `to`: the order's status is one the table lets move to it, so a
 * statement that changes a status never makes a change the table does not allow.
 */
function statusMayBecome(to: OrderStatus): SQL {
  const from = ORDER_TRANSITIONS.into(to);
  const [only] = from;
  return from.length === 1 && only ? eq(orders.status, only) : inArray(orders.status, from);
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

/** The cart's other orders still awaiting payment (see otherUnpaidOrdersOfCart), locked. */
export function lockOtherUnpaidOrders(
  tx: Transaction,
  storeId: string,
  cartId: string,
  keep: string,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(otherUnpaidOrdersOfCart(storeId, cartId, keep))
    .for("update");
}

/**
 * Stores the payment's reference (a PaymentIntent) on an order still awaiting payment; null when
 * the order was released meanwhile.
 */
export async function attachPaymentReference(
  db: Database,
  orderId: string,
  reference: string,
): Promise<OrderRow | null> {
  const [attached] = await db
    .update(orders)
    .set({ paymentReference: reference })
    .where(and(eq(orders.id, orderId), eq(orders.status, "awaiting_payment")))
    .returning();
  return attached ?? null;
}

/** Orders still awaiting payment whose hold has passed (at most `limit`). */
export function dueHolds(db: Database, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "awaiting_payment"), lt(orders.holdExpiresAt, now)))
    .limit(limit);
}

/** The orders of a subscription's renewal tries whose key starts with `keyPrefix` (one period). */
export function renewalTries(
  tx: Transaction,
  storeId: string,
  subscriptionId: string,
  keyPrefix: string,
): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.renewalOf, subscriptionId),
        like(orders.idempotencyKey, `${keyPrefix}%`),
      ),
    );
}
