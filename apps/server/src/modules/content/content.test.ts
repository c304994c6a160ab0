import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { HEMP, NY_ADDRESS, PET_STORE, PETS, quoteAddress } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { stores, users } from "../../db/schema.ts";
import { getDocument, saveDocument } from "./service.ts";

describe("content documents at /data/...", () => {
  const t = useTestApp();

  it("serves the home page, whatever the case of its name", async () => {
    const a = await t.app.inject({ url: "/data/master/homepage.json", headers: { host: PETS } });
    const b = await t.app.inject({ url: "/data/master/HomePage.json", headers: { host: PETS } });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(a.json().title).toBeTruthy();
  });

  it("serves info and policy pages", async () => {
    for (const name of [
      "about",
      "faq",
      "contact",
      "policies/privacy-policy",
      "policies/shipping-policy",
    ]) {
      const res = await t.app.inject({ url: `/data/master/${name}.json`, headers: { host: PETS } });
      expect(res.statusCode, name).toBe(200);
    }
  });

  /** A page's text as a shopper reads it (every string of the document, joined). */
  async function pageText(name: string, host = PETS): Promise<string> {
    const res = await t.app.inject({ url: `/data/master/${name}.json`, headers: { host } });
    expect(res.statusCode, name).toBe(200);
    return JSON.stringify(res.json());
  }

  it("the shipping policies quote the rates and estimates checkout charges, and follow a change", async () => {
    for (const host of [PETS, HEMP]) {
      const text = await pageText("policies/shipping-policy", host);
      expect(text).not.toContain("{{");
      expect(text).toContain("orders of $149 or more");
      expect(text).toContain("Standard at $7.95 (3–5 business days)");
      expect(text).toContain("Express at $19.95 (1–2 business days)");
      expect(text).toContain("Standard at CA$12.95 (4–8 business days)");
      expect(text).toContain("Express at CA$29.95 (2–3 business days)");
    }
    // What checkout charges for Standard to New York is what the page says.
    const v = new Visitor(t.app, PETS);
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    const quote = (
      await v.post("/api/checkout/quote", { address: quoteAddress(NY_ADDRESS) })
    ).json();
    expect(quote.selectedShippingOption).toMatchObject({
      amount: 795,
      estimate: "3–5 business days",
    });

    // The merchant raises Canadian Standard shipping: the page says so at once.
    const [store] = await t.database.db
      .select({ settings: stores.checkoutSettings })
      .from(stores)
      .where(eq(stores.id, PET_STORE));
    const settings = structuredClone(store?.settings);
    if (!settings) throw new Error("no settings");
    const before = structuredClone(settings);
    const ca = settings.shipping.CA[0];
    if (!ca) throw new Error("no CA rate");
    ca.amount = 1_495;
    ca.estimate = "5–9 business days";
    await t.database.db
      .update(stores)
      .set({ checkoutSettings: settings })
      .where(eq(stores.id, PET_STORE));
    try {
      await vi.waitFor(
        async () =>
          expect(await pageText("policies/shipping-policy")).toContain(
            "Standard at CA$14.95 (5–9 business days)",
          ),
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      await t.database.db
        .update(stores)
        .set({ checkoutSettings: before })
        .where(eq(stores.id, PET_STORE));
    }
  });

  it("the store's promises under Add to cart quote the same figures, each for its currency", async () => {
    const res = await t.app.inject({ url: "/api/store", headers: { host: PETS } });
    expect(res.statusCode).toBe(200);
    expect(res.json().ProductTrust).toEqual([
      { text: "Free US shipping on orders of $149 or more", currency: "usd" },
      { text: "Ships to Canada from CA$12.95", currency: "cad" },
      { text: "30-day happiness guarantee" },
      { text: "Orders placed by 1 pm Eastern ship the same day" },
    ]);
  });

  it("the affiliate page promises the commission the demo affiliate earns", async () => {
    const [affiliate] = await t.database.db
      .select({ percentage: users.commissionPercentage })
      .from(users)
      .where(and(eq(users.storeId, PET_STORE), eq(users.email, "demo@pawsome.test")));
    expect(affiliate?.percentage).toBe(10);
    expect(await pageText("refer-friend-terms")).toContain("you earn 10% of the product subtotal");
  });

  it("leaves a placeholder the store has no figure for as written, for the merchant to see", async () => {
    await saveDocument(t.database.db, PET_STORE, "master", "figures-test", {
      title: "Figures",
      "text-1": "<p>{{shipping.US.standard}} and {{shipping.MARS.standard}}</p>",
    });
    await vi.waitFor(
      async () =>
        expect(await pageText("figures-test")).toContain(
          "<p>$7.95 and {{shipping.MARS.standard}}</p>",
        ),
      { timeout: 5_000, interval: 50 },
    );
  });

  it("answers an unknown page with 404 in the error shape", async () => {
    const res = await t.app.inject({ url: "/data/master/nope.json", headers: { host: PETS } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "not_found", message: "Page not found: nope" } });
  });

  it("refuses malformed page names with 400, never 500", async () => {
    for (const url of [
      "/data/master/..%2F..%2Fetc.json",
      "/data/master/about",
      "/data/master/a%20b.json",
    ]) {
      const res = await t.app.inject({ url, headers: { host: PETS } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBeTruthy();
    }
  });

  it("serves the chatbot configuration with the spec's defaults", async () => {
    const res = await t.app.inject({ url: "/data/layout/chatbot.json", headers: { host: PETS } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      chatbotHeaderText: "Customer Support",
      botMessageColor: "#f5f5f5",
    });
  });

  it("keeps each store's pages to itself", async () => {
    const pet = await t.app.inject({ url: "/data/master/wholesale.json", headers: { host: PETS } });
    expect(pet.statusCode).toBe(200);
    const hemp = await t.app.inject({
      url: "/data/master/wholesale.json",
      headers: { host: HEMP },
    });
    expect(hemp.statusCode).toBe(404);
  });

  it("sanitises content HTML when a page is saved", async () => {
    await saveDocument(t.database.db, PET_STORE, "master", "xss-test", {
      title: 'Hi<img src="x" onerror="alert(1)">',
      "text-1": '<p>ok</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      sections: [{ title: "s", content: '<p onclick="alert(1)">c</p>' }],
    });
    const doc = await getDocument(t.database.db, PET_STORE, "master", "xss-test");
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/onerror|<script|javascript:|onclick/);
    expect(doc["text-1"]).toContain("<p>ok</p>");
  });

  it("serves a changed page document at once, though documents are kept between requests", async () => {
    const ask = () => t.app.inject({ url: "/data/master/changing.json", headers: { host: PETS } });
    await saveDocument(t.database.db, PET_STORE, "master", "changing", { title: "First" });
    expect((await ask()).json().title).toBe("First");
    expect((await ask()).json().title).toBe("First");
    await saveDocument(t.database.db, PET_STORE, "master", "changing", { title: "Second" });
    // The database announces the change as it commits; the next request reads it again.
    const deadline = Date.now() + 2_000;
    let title = (await ask()).json().title;
    while (title !== "Second" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      title = (await ask()).json().title;
    }
    expect(title).toBe("Second");
  });

  it("refuses to save a page document of the wrong shape", async () => {
    await expect(
      saveDocument(t.database.db, PET_STORE, "master", "bad", { textAlign: "sideways" }),
    ).rejects.toMatchObject({ code: "invalid" });
  });
});
