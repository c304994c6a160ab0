import { z } from "zod";
import {
  CheckoutQuoteSchema,
  CheckoutQuoteViewSchema,
  IdempotencyKeySchema,
  PlaceOrderSchema,
} from "../checkout-schema.ts";
import { endpoint } from "../endpoint.ts";
import { PlacedOrderSchema } from "../order-schema.ts";
import * as CHECKOUT_ROUTES from "./checkout-routes.ts";

/** An order is placed once per Idempotency-Key: the same key again answers the same order. */
const IdempotencyHeadersSchema = z.object({ "idempotency-key": IdempotencyKeySchema });

/** The checkout's endpoints (registered by modules/checkout/routes.ts). */
export const checkoutEndpoints = {
  quote: endpoint(CHECKOUT_ROUTES.quote, {
    tags: ["checkout"],
    summary:
      "The cart's totals shipped to an address: shipping options and tax once country, region and postal code are known",
    body: CheckoutQuoteSchema,
    response: { 200: CheckoutQuoteViewSchema },
  }),
  place: endpoint(CHECKOUT_ROUTES.place, {
    tags: ["checkout"],
    summary:
      "Pay for the cart and place the order, once per Idempotency-Key (test processor: paid now; Stripe: confirm in the browser, completed by the webhook)",
    headers: IdempotencyHeadersSchema,
    body: PlaceOrderSchema,
    response: { 200: PlacedOrderSchema },
  }),
};
