import { LINE_LIMIT_MESSAGE, STOCK_MESSAGE } from "@storefront/domain";
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  PET_STORE,
  PETS,
  registerAccount,
  setStock,
  TEST_PASSWORD,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessionIdOf, type Visitor } from "../../../test/visitor.ts";
import { carts, products, variants } from "../../db/schema.ts";

type Line = { sku: string; quantity: number };
const linesOf = (cart: { cartItems: Line[] }) =>
  cart.cartItems.map(({ sku, quantity }) => ({ sku, quantity }));

describe("guest cart and account cart", () => {
  const t = useTestApp();

  const visitor = () => visitorWithOwnIp(t.app);
  const signIn = (v: Visitor, email: string) =>
    v.post("/v2/auth/login", { email, password: TEST_PASSWORD, store_id: PET_STORE });

  async function titleOf(sku: string): Promise<string> {
    const [row] = await t.database.db
      .select({ title: products.title })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.storeId, PET_STORE), eq(variants.sku, sku)));
    return row?.title ?? "";
  }

  async function openCartsOf(userId: string) {
    return t.database.db
      .select()
      .from(carts)
      .where(and(eq(carts.userId, userId), isNotNull(carts.userId)));
  }

  it("merges the guest cart into the account's on sign-in, reporting the line that cannot join", async () => {
    const user = await createUser(t.database.db);
    // The account already holds 15 of DRAMA-1 from an earlier visit.
    const earlier = visitor();
    await signIn(earlier, user.email);
    await earlier.post("/api/cart/items", { sku: "DRAMA-1", quantity: 15 });
    expect(earlier.cookies.has("sf_session")).toBe(false);
    await earlier.post("/auth/logout", {});

    // As a guest: 5 more DRAMA-1 (20 would pass the limit of 19) and 2 EAT-1.
    const v = visitor();
    await v.post("/api/cart/items", { sku: "DRAMA-1", quantity: 5 });
    await v.post("/api/cart/items", { sku: "EAT-1", quantity: 2 });
    const guestSession = sessionIdOf(v);
    expect(guestSession).toBeDefined();

    const res = await signIn(v, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().cartMerge).toEqual({
      merged: 1,
      notMerged: [
        {
          sku: "DRAMA-1",
          title: await titleOf("DRAMA-1"),
          quantity: 5,
          subscription: null,
          message: LINE_LIMIT_MESSAGE,
        },
      ],
    });
    // The guest session's cookie is cleared and its cart is gone.
    expect(res.cookies.find((c) => c.name === "sf_session")?.value).toBe("");
    const guestCarts = await t.database.db
      .select()
      .from(carts)
      .where(eq(carts.sessionId, guestSession ?? ""));
    expect(guestCarts).toEqual([]);

    // Signed in, the cart is the account's.
    const cart = await v.get("/api/cart");
    expect(linesOf(cart.json())).toEqual([
      { sku: "DRAMA-1", quantity: 15 },
      { sku: "EAT-1", quantity: 2 },
    ]);
    expect(await openCartsOf(user.id)).toHaveLength(1);

    // Signed out, the visitor is a guest with an empty cart; signed in again, the cart is back.
    await v.post("/auth/logout", {});
    expect((await v.get("/api/cart")).json().cartItems).toEqual([]);
    await signIn(v, user.email);
    expect(linesOf((await v.get("/api/cart")).json())).toEqual([
      { sku: "DRAMA-1", quantity: 15 },
      { sku: "EAT-1", quantity: 2 },
    ]);
  });

  it("keeps stock limits while merging: a line past the stock is reported with the stock message", async () => {
    const user = await createUser(t.database.db);
    const v = visitor();
    await v.post("/api/cart/items", { sku: "FUNGUS-1", quantity: 3 });
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    // Stock falls while the guest shops.
    await setStock(t.database.db, "FUNGUS-1", 2);
    const res = await signIn(v, user.email);
    expect(res.json().cartMerge).toEqual({
      merged: 1,
      notMerged: [
        {
          sku: "FUNGUS-1",
          title: await titleOf("FUNGUS-1"),
          quantity: 3,
          subscription: null,
          message: STOCK_MESSAGE,
        },
      ],
    });
    expect(linesOf((await v.get("/api/cart")).json())).toEqual([{ sku: "ITCHY-1", quantity: 1 }]);
  });

  it("merges when a registration's confirmation link is opened, keeping the guest cart's currency and code", async () => {
    const v = visitorWithOwnIp(t.app, PETS, { "accept-language": "en-CA" });
    await v.post("/api/cart/items", { sku: "EAT-2", quantity: 2 });
    await v.put("/api/cart/discount", { code: "SAVE10" });
    const { res } = await registerAccount(t.app, t.database.db, v, { first_name: "Sam" });
    expect(res.json().cartMerge).toEqual({ merged: 1, notMerged: [] });
    expect(v.cookies.has("sf_session")).toBe(false);
    const cart = (await v.get("/api/cart")).json();
    expect(cart.currency).toBe("cad");
    expect(linesOf(cart)).toEqual([{ sku: "EAT-2", quantity: 2 }]);
    expect(cart.activeDiscount?.code).toBe("save10");
  });

  it("while signed in, every cart call works on the account's cart and sets no guest cookie", async () => {
    const user = await createUser(t.database.db);
    const v = visitor();
    await signIn(v, user.email);
    const added = await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.cookies.find((c) => c.name === "sf_session")).toBeUndefined();
    expect((await v.patch("/api/cart/items/ITCHY-1", { quantity: 3 })).json().itemCount).toBe(3);
    await v.post("/metrics/cart-items", { cartItems: [{ sku: "EAT-1", quantity: 1 }] });
    expect(linesOf((await v.get("/metrics/cart-items")).json())).toEqual([
      { sku: "EAT-1", quantity: 1 },
    ]);
    expect((await v.put("/api/cart/currency", { currency: "cad" })).json().currency).toBe("cad");
    expect((await v.delete("/api/cart/items/EAT-1")).json().cartItems).toEqual([]);
    const [row] = await openCartsOf(user.id);
    expect(row).toMatchObject({ storeId: PET_STORE, sessionId: null, currency: "cad" });

    // The same account on a second device sees the same cart.
    const phone = visitor();
    await signIn(phone, user.email);
    await phone.post("/api/cart/items", { sku: "YOUNG-1", quantity: 1 });
    expect(linesOf((await v.get("/api/cart")).json())).toEqual([{ sku: "YOUNG-1", quantity: 1 }]);
  });

  it("a guest with an empty cart signs in without creating a cart", async () => {
    const user = await createUser(t.database.db);
    const v = visitor();
    const res = await signIn(v, user.email);
    expect(res.json().cartMerge).toEqual({ merged: 0, notMerged: [] });
    expect(await openCartsOf(user.id)).toEqual([]);
  });
});
