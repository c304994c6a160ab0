/**
 * What the server's API tests share: the demo stores' hosts, accounts, test cards, an address,
 * the error-shape check, and small database helpers (stock, prices, the outbox).
 */
import { createHash, randomUUID } from "node:crypto";
import type { Currency } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../src/db/index.ts";
import { outbox, stores, users, variantPrices, variants } from "../src/db/schema.ts";
import { passwords } from "../src/modules/accounts/passwords.ts";
import type { TestApp } from "./helper.ts";
import { Visitor } from "./visitor.ts";

// The demo stores (README): their hosts and ids.
export const PETS = "pets.localhost";
export const HEMP = "hemp.localhost";
export const GARDEN = "garden.localhost";
export const PET_STORE = "pet-remedies";
export const HEMP_STORE = "hemp-nutrition";
export const GARDEN_STORE = "garden-studio";

/** The test processor's cards (docs/payments.md): one that pays, one declined, one without funds. */
export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
export const NO_FUNDS_CARD = { ...GOOD_CARD, number: "4000 0000 0000 9995" };

/** A US shipping address (New York: 4% state tax, no county or city rates in the demo). */
export const NY_ADDRESS = {
  line1: "1 Main St",
  city: "New York",
  region: "NY",
  postalCode: "10001",
  country: "US",
};

/** The part of an address a quote needs: country, region and postal code. */
export function quoteAddress(address: typeof NY_ADDRESS = NY_ADDRESS) {
  return { country: address.country, region: address.region, postalCode: address.postalCode };
}

/** The API's error shape: `{ error: { code, message } }` with this status. */
export function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json()).toMatchObject({ error: { code, message } });
}

/** The demo account of the pet store (README). */
export const DEMO = { email: "demo@pawsome.test", password: "Willow-and-Biscuit-2026" };

/** A password most tests' accounts share: hashed once, so a test makes accounts in no time. */
export const TEST_PASSWORD = "Correct-Pony-Staple-42";
let testHash: Promise<string> | undefined;

let serial = 0;
/** An address no other test uses. */
export function uniqueEmail(name = "shopper"): string {
  serial += 1;
  return `${name}.${process.pid}.${serial}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A visitor with an IP of its own, so the per-IP limits of one test do not reach another. */
export function visitorWithOwnIp(
  app: FastifyInstance,
  host = PETS,
  headers: Record<string, string> = {},
): Visitor {
  serial += 1;
  return new Visitor(
    app,
    host,
    headers,
    `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`,
  );
}

/** An account made straight in the database, with TEST_PASSWORD. */
export async function createUser(
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  testHash ??= passwords.hash(TEST_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      storeId: PET_STORE,
      email: uniqueEmail(),
      passwordHash: await testHash,
      firstName: "Test",
      lastName: "Shopper",
      discountCode: `TEST${serial}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no user");
  return row;
}

/** Signs the visitor in (the Host decides the store). */
export function signIn(v: Visitor, email: string, password = TEST_PASSWORD) {
  return v.post("/v2/auth/login", { email, password });
}

/** Adds the bundle `bundleId` filled with `skus` (one per item, in any order) to the cart. */
export function fillBundle(v: Visitor, bundleId: string, skus: string[], quantity = 1) {
  return v.post("/api/cart/items", { bundle_id: bundleId, skus_selected: skus, quantity });
}

/** A visitor (own IP) signed in to a fresh account made with `createUser(values)`. */
export async function signedInVisitor(
  app: FastifyInstance,
  db: Database,
  values: Partial<typeof users.$inferInsert> = {},
  host = PETS,
): Promise<{ v: Visitor; user: typeof users.$inferSelect }> {
  const user = await createUser(db, values);
  const v = visitorWithOwnIp(app, host);
  const res = await signIn(v, user.email);
  expect(res.statusCode, res.body).toBe(200);
  return { v, user };
}

/** Signs in a new admin of the store (PET_STORE unless told) on its host, as a visitor of its own. */
export const signedInAdmin =
  (t: TestApp) =>
  async (host = PETS, storeId = PET_STORE): Promise<Visitor> =>
    (await signedInVisitor(t.app, t.database.db, { storeId, userType: "admin" }, host)).v;

/** Sets a variant's stock straight in the database. */
export async function setStock(db: Database, sku: string, stock: number, storeId = PET_STORE) {
  await db
    .update(variants)
    .set({ stock })
    .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
}

/** Disables a store (as an operator would, straight in the database) or enables it again. */
export async function setStoreDisabled(db: Database, disabled: boolean, storeId = PET_STORE) {
  await db
    .update(stores)
    .set({ disabledAt: disabled ? new Date() : null })
    .where(eq(stores.id, storeId));
}

/** A variant's stock as stored. */
export async function stockOf(db: Database, sku: string, storeId = PET_STORE): Promise<number> {
  const [row] = await db
    .select({ stock: variants.stock })
    .from(variants)
    .where(and(eq(variants.storeId, storeId), eq(variants.sku, sku)));
  if (!row) throw new Error(`no variant ${sku}`);
  return row.stock;
}

/** A variant's price in one currency, in cents. */
export async function priceOf(
  db: Database,
  sku: string,
  currency: Currency,
  storeId = PET_STORE,
): Promise<number> {
  const [row] = await db
    .select({ amount: variantPrices.amount })
    .from(variantPrices)
    .innerJoin(variants, eq(variants.id, variantPrices.variantId))
    .where(
      and(
        eq(variants.storeId, storeId),
        eq(variants.sku, sku),
        eq(variantPrices.currency, currency),
      ),
    );
  if (!row) throw new Error(`no ${currency} price for ${sku}`);
  return row.amount;
}

/** The mail written to the outbox table (no SMTP_URL) for this address. */
export async function outboxTo(db: Database, to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to));
}

/**
 * The token of the newest link to `linkPath` (e.g. "/account/confirm") mailed to `to` through the
 * outbox table; waits for the mail sent after an answer first.
 */
export async function mailedToken(
  app: FastifyInstance,
  db: Database,
  to: string,
  linkPath: string,
): Promise<string> {
  await app.background.idle();
  const mails = (await outboxTo(db, to)).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const pattern = new RegExp(`${linkPath}\\?token=([A-Za-z0-9_-]{43})`);
  for (const mail of mails.reverse()) {
    const token = pattern.exec(mail.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no mail to ${to} with a ${linkPath} link`);
}

/** What a test registration sends unless told otherwise (a new email each time). */
export function registration(values: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: "a garden of herbs",
    first_name: "Jane",
    last_name: "Doe",
    ...values,
  };
}

/**
 * Registers through the API and opens the confirmation link in the same visitor, as a shopper
 * does: the account then exists and the visitor is signed in. `res` is the confirmation's answer
 * (the sign-in answer).
 */
export async function registerAccount(
  app: FastifyInstance,
  db: Database,
  v: Visitor,
  values: Record<string, unknown> = {},
) {
  const body = registration(values);
  const requested = await v.post("/v2/auth/register", body);
  expect(requested.statusCode, requested.body).toBe(202);
  const email = String(body.email).trim().toLowerCase();
  const token = await mailedToken(app, db, email, "/account/confirm");
  const res = await v.post("/v2/auth/register/confirm", { token });
  expect(res.statusCode, res.body).toBe(200);
  return { email, res };
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The parameters of an argon2 hash string: $argon2id$v=19$m=19456,t=2,p=1$salt$hash (any order). */
export function argon2Parameters(hash: string) {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$([a-z]=\d+(?:,[a-z]=\d+)*)\$/.exec(hash);
  if (!match?.[3]) throw new Error(`not an argon2 hash: ${hash.slice(0, 20)}…`);
  const params = Object.fromEntries(
    match[3].split(",").map((pair) => {
      const [key, value] = pair.split("=");
      return [key, Number(value)];
    }),
  );
  return {
    algorithm: match[1],
    version: Number(match[2]),
    memoryKiB: params.m,
    passes: params.t,
    lanes: params.p,
  };
}

/**
 * Places and pays an order of `skus` as a new visitor of `host` does (cart, quote, pay with the
 * test card, shipping to New York): answers the order's number. The app must use the built-in
 * test processor (createTestApp's default).
 */
export async function placeOrder(
  app: FastifyInstance,
  skus: Record<string, number>,
  email: string,
  host = PETS,
): Promise<number> {
  const v = visitorWithOwnIp(app, host);
  for (const [sku, quantity] of Object.entries(skus)) {
    const added = await v.post("/api/cart/items", { sku, quantity });
    expect(added.statusCode, added.body).toBe(200);
  }
  const paid = await payCart(v, email, await quotedCart(v));
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().order.number;
}

/** The visitor's cart quoted for New York: its total and its shipping option. */
export async function quotedCart(v: Visitor): Promise<{ total: number; shippingOptionId: string }> {
  const quote = await v.post("/api/checkout/quote", { address: quoteAddress(NY_ADDRESS) });
  expect(quote.statusCode, quote.body).toBe(200);
  return { total: quote.json().total, shippingOptionId: quote.json().selectedShippingOption.id };
}

/** Pays the visitor's cart with the test card, shipping to New York, under a new key. */
export function payCart(
  v: Visitor,
  email: string,
  quoted: { total: number; shippingOptionId: string },
) {
  return v.post(
    "/api/checkout",
    {
      email,
      name: "Jamie Buyer",
      address: NY_ADDRESS,
      shippingOptionId: quoted.shippingOptionId,
      expectedTotal: quoted.total,
      card: GOOD_CARD,
    },
    { "idempotency-key": randomUUID() },
  );
}
