import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

/**
 * Pays the cart of this request context's visitor with the test card, shipping to New York, as
 * the checkout page does; answers the order's number.
 */
export async function payCart(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<number> {
  return (await paidOrder(request, baseURL, email)).number;
}

/** payCart, answering the order's number and the link to its page (with its access key). */
export async function paidOrder(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<{ number: number; link: string }> {
  const headers = { origin: baseURL };
  const address = { line1: "1 Main St", city: "New York", region: "NY", postalCode: "10001" };
  const quote = await request.post(`${baseURL}/api/checkout/quote`, {
    headers,
    data: { address: { country: "US", region: "NY", postalCode: "10001" } },
  });
  expect(quote.status()).toBe(200);
  const quoted = (await quote.json()) as { total: number; selectedShippingOption: { id: string } };
  const paid = await request.post(`${baseURL}/api/checkout`, {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: {
      email,
      name: "Riley Admin-Test",
      address: { ...address, line2: "", country: "US" },
      shippingOptionId: quoted.selectedShippingOption.id,
      expectedTotal: quoted.total,
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const answer = (await paid.json()) as { order: { number: number }; accessKey: string };
  const number = answer.order.number;
  return { number, link: `/orders/${number}?key=${encodeURIComponent(answer.accessKey)}` };
}

/** A guest's paid order of two Itchy Scratchy, placed through the API as the checkout places it. */
export async function placeOrder(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<number> {
  const added = await request.post(`${baseURL}/api/cart/items`, {
    headers: { origin: baseURL },
    data: { sku: "ITCHY-1", quantity: 2 },
  });
  expect(added.status()).toBe(200);
  return payCart(request, baseURL, email);
}
