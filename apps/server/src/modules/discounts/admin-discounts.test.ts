import { ADMIN_DISCOUNT_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  payCart,
  placeOrder,
  quotedCart,
  signedInAdmin,
  signedInVisitor,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { adminAudit, discountCodes } from "../../db/schema.ts";

describe("admin discount codes API", () => {
  const t = useTestApp();

  const admin = signedInAdmin(t);
  let serial = 0;
  /** A code no other test uses. */
  const freshCode = (stem: string) => {
    serial += 1;
    return `${stem}${serial}`;
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  it("creates a percentage code a shopper can apply at once, audited with its terms", async () => {
    const v = await admin();
    const code = freshCode("Autumn");
    const res = await v.post("/api/admin/discounts", {
      code,
      percentage: 20,
      caps: { usd: 1_500 },
      maxRedemptions: 100,
      expiresAt: inAnHour(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      code: code.toUpperCase(),
      percentage: 20,
      caps: { usd: 1_500 },
      redemptions: 0,
      state: "active",
      personalOf: null,
    });
    const shopper = visitorWithOwnIp(t.app, PETS);
    await shopper.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const applied = await shopper.put("/api/cart/discount", { code: code.toLowerCase() });
    expect(applied.statusCode, applied.body).toBe(200);
    // 20% of $39.95 is $7.99.
    expect(applied.json()).toMatchObject({ discount: 799 });
    const [line] = await t.database.db
      .select()
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.action, "discount.create"),
          eq(adminAudit.target, `discount ${code.toUpperCase()}`),
        ),
      );
    expect(line).toMatchObject({
      storeId: PET_STORE,
      before: null,
      after: expect.objectContaining({ percentage: 20, maxRedemptions: 100 }),
    });
  });

  it("refuses a duplicate code (in any case), an account's personal code and bad terms, saying what is wrong", async () => {
    const v = await admin();
    const taken = await v.post("/api/admin/discounts", {
      code: "save10",
      amounts: { usd: 500 },
      maxRedemptions: 5,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(M.codeTaken("SAVE10"));
    const personal = await v.post("/api/admin/discounts", {
      code: "rileypaws",
      percentage: 5,
      maxRedemptions: 5,
    });
    expect(personal.statusCode).toBe(409);
    expect(personal.json().error.message).toBe(M.codeIsPersonal("RILEYPAWS"));
    for (const [body, message] of [
      [{ code: "x", percentage: 5, maxRedemptions: 1 }, M.code],
      [{ code: "HAS SPACE", percentage: 5, maxRedemptions: 1 }, M.code],
      [
        { code: freshCode("Both"), percentage: 5, amounts: { usd: 100 }, maxRedemptions: 1 },
        M.oneKind,
      ],
      [{ code: freshCode("None"), maxRedemptions: 1 }, M.noTerms],
      [
        { code: freshCode("Cap"), amounts: { usd: 100 }, caps: { usd: 50 }, maxRedemptions: 1 },
        M.capsNeedPercentage,
      ],
      [{ code: freshCode("Pct"), percentage: 101, maxRedemptions: 1 }, M.percentage],
      [{ code: freshCode("Amt"), amounts: { usd: 0 }, maxRedemptions: 1 }, M.amount],
      [{ code: freshCode("Eur"), amounts: { eur: 100 }, maxRedemptions: 1 }, "eur"],
      [{ code: freshCode("Max"), percentage: 5, maxRedemptions: 0 }, M.maxRedemptions],
      [
        { code: freshCode("Exp"), percentage: 5, maxRedemptions: 1, expiresAt: "tomorrow" },
        M.expiresAt,
      ],
    ] as const) {
      const res = await v.post("/api/admin/discounts", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    const past = await v.post("/api/admin/discounts", {
      code: freshCode("Past"),
      percentage: 5,
      maxRedemptions: 1,
      expiresAt: "2020-01-01T00:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe(M.expiresPast);
  });

  it("edits a code's terms, never below its redemptions, and carts holding it get them", async () => {
    const v = await admin();
    const code = freshCode("Edit");
    const created = (
      await v.post("/api/admin/discounts", { code, amounts: { usd: 500 }, maxRedemptions: 3 })
    ).json();
    const shopper = visitorWithOwnIp(t.app, PETS);
    await shopper.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect((await shopper.put("/api/cart/discount", { code })).json()).toMatchObject({
      discount: 500,
    });
    await t.database.db
      .update(discountCodes)
      .set({ redemptions: 2 })
      .where(eq(discountCodes.id, created.id));
    const below = await v.put(`/api/admin/discounts/${created.id}`, {
      amounts: { usd: 500 },
      maxRedemptions: 1,
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.message).toBe(M.belowUsed(2));
    const edited = await v.put(`/api/admin/discounts/${created.id}`, {
      amounts: { usd: 700, cad: 900 },
      maxRedemptions: 10,
      public: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ amounts: { usd: 700, cad: 900 }, public: true });
    expect((await shopper.get("/api/cart")).json()).toMatchObject({ discount: 700 });
    const [line] = await t.database.db
      .select()
      .from(adminAudit)
      .where(
        and(
          eq(adminAudit.action, "discount.update"),
          eq(adminAudit.target, `discount ${code.toUpperCase()}`),
        ),
      );
    expect(line?.before).toMatchObject({ amounts: { usd: 500 }, maxRedemptions: 3 });
    expect(line?.after).toMatchObject({ amounts: { usd: 700, cad: 900 }, maxRedemptions: 10 });
  });

  it("expires a code now: shoppers are refused it, a cart holding it loses it, and the chatbot stops offering it", async () => {
    const v = await admin();
    const code = freshCode("Gone");
    const created = (
      await v.post("/api/admin/discounts", {
        code,
        amounts: { usd: 300 },
        maxRedemptions: 50,
        public: true,
      })
    ).json();
    const holder = visitorWithOwnIp(t.app, PETS);
    await holder.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect((await holder.put("/api/cart/discount", { code })).json()).toMatchObject({
      discount: 300,
    });
    const offered = await visitorWithOwnIp(t.app, PETS).post("/api/chat", {
      message: "Is there a discount code I can use right now?",
    });
    expect(offered.body).toContain(code.toUpperCase());

    const expired = await v.request("POST", `/api/admin/discounts/${created.id}/expire`);
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json()).toMatchObject({ state: "expired", expiresAt: expect.any(String) });
    const again = await v.request("POST", `/api/admin/discounts/${created.id}/expire`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(M.alreadyExpired);

    expect((await holder.get("/api/cart")).json()).toMatchObject({
      discount: 0,
      activeDiscount: null,
    });
    const late = visitorWithOwnIp(t.app, PETS);
    await late.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const refused = await late.put("/api/cart/discount", { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("This discount code has expired");
    const notOffered = await visitorWithOwnIp(t.app, PETS).post("/api/chat", {
      message: "Is there a discount code I can use right now?",
    });
    expect(notOffered.body).not.toContain(code.toUpperCase());
    const listed = (await v.get(`/api/admin/discounts?state=expired&q=${code}`)).json();
    expect(listed.discounts.map((d: { code: string }) => d.code)).toEqual([code.toUpperCase()]);
    expect((await v.get(`/api/admin/discounts?state=active&q=${code}`)).json().total).toBe(0);

    // Its other terms can still be edited, its expiry sent back as the form shows it (the minute);
    // a new expiry in the future opens it again.
    const terms = { amounts: { usd: 300 }, maxRedemptions: 60, public: true };
    const shownMinute = `${(expired.json().expiresAt as string).slice(0, 16)}:00Z`;
    const edited = await v.put(`/api/admin/discounts/${created.id}`, {
      ...terms,
      expiresAt: shownMinute,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      maxRedemptions: 60,
      state: "expired",
      expiresAt: expired.json().expiresAt,
    });
    const reopened = await v.put(`/api/admin/discounts/${created.id}`, {
      ...terms,
      expiresAt: inAnHour(),
    });
    expect(reopened.json()).toMatchObject({ state: "active" });
    expect((await late.put("/api/cart/discount", { code })).statusCode).toBe(200);
  });

  it("shows a code's redemptions: its orders and, per currency, what paid orders took off and paid", async () => {
    const v = await admin();
    const code = freshCode("Used");
    const created = (
      await v.post("/api/admin/discounts", { code, percentage: 10, maxRedemptions: 20 })
    ).json();
    const email = uniqueEmail("redeemed");
    const shopper = visitorWithOwnIp(t.app, PETS);
    await shopper.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect((await shopper.put("/api/cart/discount", { code })).statusCode).toBe(200);
    const paid = await payCart(shopper, email, await quotedCart(shopper));
    expect(paid.statusCode, paid.body).toBe(200);
    const number = paid.json().order.number;
    // An order without the code is not among its redemptions.
    await placeOrder(t.app, { "ITCHY-1": 1 }, uniqueEmail("no-code"));
    const view = (await v.get(`/api/admin/discounts/${created.id}`)).json();
    expect(view.discount).toMatchObject({ redemptions: 1 });
    expect(view.orders).toEqual([
      expect.objectContaining({
        number,
        email,
        status: "paid",
        currency: "usd",
        discountAmount: 400,
      }),
    ]);
    expect(view.paid).toEqual([
      { currency: "usd", orders: 1, discounted: 400, revenue: view.orders[0].total },
    ]);
    const list = (await v.get(`/api/admin/discounts?q=${code}`)).json();
    expect(list.discounts[0]).toMatchObject({ redemptions: 1, state: "active" });
  });

  it("lists an account's personal code with its owner; only switching it off or its expiry change here", async () => {
    const shopper = visitorWithOwnIp(t.app, PETS);
    await shopper.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    expect((await shopper.put("/api/cart/discount", { code: "rileypaws" })).statusCode).toBe(200);
    const v = await admin();
    const [personal] = (await v.get("/api/admin/discounts?q=rileypaws")).json().discounts;
    expect(personal).toMatchObject({ code: "RILEYPAWS", personalOf: "demo@pawsome.test" });
    const same = {
      percentage: personal.percentage,
      maxRedemptions: personal.maxRedemptions,
      oncePerCustomer: false,
      public: false,
    };
    const changed = await v.put(`/api/admin/discounts/${personal.id}`, { ...same, percentage: 50 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(M.personalTerms);
    const off = await v.put(`/api/admin/discounts/${personal.id}`, { ...same, active: false });
    expect(off.json()).toMatchObject({ active: false, state: "inactive", percentage: 10 });
    const refused = await shopper.put("/api/cart/discount", { code: "rileypaws" });
    expect(refused.statusCode).toBe(404);
  });

  it("keeps each store's codes its own, and answers 401 to a visitor and the 404 of a missing route to a shopper", async () => {
    const hemp = await admin(HEMP, HEMP_STORE);
    const hempCode = (
      await hemp.post("/api/admin/discounts", {
        code: freshCode("Hemp"),
        percentage: 5,
        maxRedemptions: 5,
      })
    ).json();
    const pets = await admin();
    expect((await pets.get(`/api/admin/discounts/${hempCode.id}`)).statusCode).toBe(404);
    expect(
      (await pets.request("POST", `/api/admin/discounts/${hempCode.id}/expire`)).statusCode,
    ).toBe(404);
    const petList = (await pets.get(`/api/admin/discounts?q=${hempCode.code}`)).json();
    expect(petList.total).toBe(0);
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    const visitor = visitorWithOwnIp(t.app, PETS);
    for (const [method, path] of [
      ["GET", "/api/admin/discounts"],
      ["POST", "/api/admin/discounts"],
      ["PUT", `/api/admin/discounts/${hempCode.id}`],
      ["POST", `/api/admin/discounts/${hempCode.id}/expire`],
    ] as const) {
      const body =
        method === "GET" ? undefined : { code: "SNEAKY", percentage: 90, maxRedemptions: 9 };
      expect((await visitor.request(method, path, body)).statusCode).toBe(401);
      expect((await shopper.request(method, path, body)).statusCode).toBe(404);
    }
    const [sneaky] = await t.database.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, "sneaky"));
    expect(sneaky).toBeUndefined();
  });
});
