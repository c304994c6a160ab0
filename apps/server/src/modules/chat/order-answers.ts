// The order-tracking answers: asking for the order's number and email, and where the order is.
import type { OrderStatus } from "@storefront/domain";
import { trackedOrder } from "../orders/index.ts";
import type { ChatContext, ChatReply } from "./answerer.ts";
import { bot, reply } from "./replies.ts";

const STATUS_TEXT: Record<OrderStatus, string> = {
  awaiting_payment: "is waiting for its payment to be completed",
  paid: "is paid and with the team to pack and send",
  declined: "was not placed: the card was declined",
  expired: "was not placed: its payment was not completed in time",
  canceled: "was cancelled",
};

const DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/** Where an order is: its status, or once the store sent it, when, with whom and its number. */
function statusText(order: {
  status: OrderStatus;
  shippedAt: Date | null;
  carrier: string | null;
  trackingNumber: string | null;
}): string {
  if (order.status === "paid" && order.shippedAt && order.trackingNumber) {
    return `was shipped on ${DATE.format(order.shippedAt)} with ${order.carrier ?? "the carrier"}, tracking number ${order.trackingNumber}`;
  }
  return STATUS_TEXT[order.status];
}

/** The order with this number and email, in this store only; a mismatch is counted. */
export async function trackOrder(
  context: ChatContext,
  number: number,
  email: string,
): Promise<ChatReply> {
  await context.orderLookups.check(number);
  const order = await trackedOrder(context.db, context.storeId, number, email.trim().toLowerCase());
  if (!order) {
    await context.orderLookups.failed(number);
    return reply(
      [
        bot<"ORDER_TRACKING">(context, {
          type: "ORDER_TRACKING",
          message: `I couldn't find an order #${number} placed with that email address. Please check both (they are in your order confirmation email) and send the order number again.`,
        }),
      ],
      { awaiting: "order_number" },
    );
  }
  const { lines } = order;
  const items = lines.map((l) => `${l.quantity} × ${l.title}`).join(", ");
  return reply([
    bot<"ORDER_TRACKING">(context, {
      type: "ORDER_TRACKING",
      message: `Order #${number}, placed on ${DATE.format(order.createdAt)}, ${statusText(order)}. It holds ${items}.`,
      order: {
        number,
        status: order.status,
        placedAt: order.createdAt.toISOString(),
        lines,
      },
    }),
  ]);
}

export function askOrderNumber(context: ChatContext): ChatReply {
  return reply(
    [
      bot<"ORDER_TRACKING">(context, {
        type: "ORDER_TRACKING",
        message:
          "I can look that up. What is your order number? It is in your order confirmation email (for example #1001).",
      }),
    ],
    { awaiting: "order_number" },
  );
}

export function askOrderEmail(context: ChatContext, number: number): ChatReply {
  return reply(
    [
      bot<"ORDER_TRACKING">(context, {
        type: "ORDER_TRACKING",
        message: `Thanks. Which email address was order #${number} placed with?`,
      }),
    ],
    { awaiting: "order_email", orderNumber: number },
  );
}
