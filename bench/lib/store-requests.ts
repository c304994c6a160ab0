/**
 * What the bench asks the store for: its pages, a visitor's cart and visit, and a shopper's whole
 * checkout.
 */
import { cookieNamed, postJson } from "./http-client.ts";

export const PATHS = {
  home: "/",
  product: "/products/itchy-scratchy",
  collection: "/collections/liquid-dog-vitamins-supplements",
  homepageData: "/data/master/homepage.json",
  reviews: "/api/products/itchy-scratchy/reviews",
  // A filter, a search and a sort other than the default: a different query from the first page.
  reviewsFiltered: "/api/products/itchy-scratchy/reviews?rating=5&q=dog&sort=helpful",
  // Instant results as the search bar asks for them: a query the index knows, and a misspelt one
  // (a second look-up: the nearest word of the store's vocabulary).
  search: "/api/search?q=itchy+dog&limit=6",
  searchMisspelt: "/api/search?q=scrching&limit=6",
} as const;

export const ADD_TO_CART_PATH = "/api/cart/items";
export const ADD_TO_CART_BODY = JSON.stringify({ sku: "ITCHY-1", quantity: 1 });

/** The variant every benchmark order buys; prepare-stock.ts gives it stock for all of them. */
export const CHECKOUT_SKU = "EAT-1";
const CHECKOUT_ADDRESS = {
  line1: "1 Bench St",
  city: "Albany",
  region: "NY",
  postalCode: "12207",
  country: "US",
};

/** A new visitor's first add to cart (fetch, no cookie: a new session and cart each time). */
export function addToCart(origin: string): Promise<Response> {
  return fetch(`${origin}${ADD_TO_CART_PATH}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: ADD_TO_CART_BODY,
  });
}

/** The session cookie of a new cart holding one line. */
export async function cartCookie(origin: string): Promise<string> {
  const response = await addToCart(origin);
  const cookie = cookieNamed(response.headers.getSetCookie(), "sf_session");
  if (!response.ok || !cookie) throw new Error(`could not create a cart (${response.status})`);
  return cookie;
}

/** The cookie of a new analytics visit (POST /metrics/initialize for the default store). */
export async function visitCookie(origin: string): Promise<string> {
  const store = (await (await fetch(`${origin}/api/store`)).json()) as { storeId: string };
  const response = await fetch(`${origin}/metrics/initialize`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ store_id: store.storeId }),
  });
  const cookie = cookieNamed(response.headers.getSetCookie(), "sf_visit");
  if (!response.ok || !cookie) throw new Error(`could not open a visit (${response.status})`);
  return cookie;
}

/**
 * One shopper's checkout: add one item as a new visitor, quote shipping and tax for an address,
 * pay with 4242 4242 4242 4242. Answers the payment's status and the times of the whole and of
 * the payment alone.
 */
export async function checkoutFlow(
  origin: string,
): Promise<{ status: number; flowMs: number; placeMs: number }> {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(origin, url, body, headers);
  const started = performance.now();
  const added = await post(ADD_TO_CART_PATH, { sku: CHECKOUT_SKU, quantity: 1 });
  const cookie = cookieNamed(added.setCookies, "sf_session");
  if (added.status !== 200 || !cookie) throw new Error(`add to cart answered ${added.status}`);
  const session = { cookie };
  const quote = await post(
    "/api/checkout/quote",
    { address: { country: "US", region: "NY", postalCode: "12207" } },
    session,
  );
  if (quote.status !== 200) {
    const now = performance.now();
    return { status: quote.status, flowMs: now - started, placeMs: 0 };
  }
  const { total } = JSON.parse(quote.body) as { total: number };
  const placeStarted = performance.now();
  const paid = await post(
    "/api/checkout",
    {
      email: "bench@example.com",
      name: "Bench Shopper",
      address: CHECKOUT_ADDRESS,
      shippingOptionId: "standard",
      expectedTotal: total,
      card: { number: "4242424242424242", expMonth: 12, expYear: 2034, cvc: "123" },
    },
    { ...session, "idempotency-key": crypto.randomUUID() },
  );
  const now = performance.now();
  return { status: paid.status, flowMs: now - started, placeMs: now - placeStarted };
}
