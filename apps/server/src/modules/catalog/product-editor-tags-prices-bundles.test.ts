import { PRODUCT_EDIT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fillBundle, HEMP, HEMP_STORE, signedInVisitor } from "../../../test/fixtures.ts";
import { stores } from "../../db/schema.ts";
import { calmChews, useProductEditorApp } from "./product-editor-test-helpers.ts";

describe("products without code: the store admin's product editor", () => {
  const { t, admin, shopper } = useProductEditorApp();

  it("names a tag as the store already does: a label it knows keeps its value, so ?pet=dog finds the product", async () => {
    const res = await admin.post(
      "/api/admin/products",
      calmChews({
        title: "Tagged Treats",
        handle: "tagged-treats",
        variants: [{ ...calmChews().variants[0], sku: "TAGGED-1" }],
        plans: [],
        tags: [
          { facet: "pet", value: "dogs", label: "dogs" },
          { facet: "condition", value: "new-thing", label: "New Thing" },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tags).toEqual([
      { facet: "pet", value: "dog", label: "Dogs" },
      { facet: "condition", value: "new-thing", label: "New Thing" },
    ]);
  });

  it("asks a price in each currency the store sells in, and no other", async () => {
    const usdOnly = {
      variants: [{ ...calmChews().variants[0], prices: [{ currency: "usd", amount: 2400 }] }],
    };
    const both = await admin.post(
      "/api/admin/products",
      calmChews({
        handle: "usd-chews",
        ...usdOnly,
        variants: [{ ...usdOnly.variants[0], sku: "USD-CHEWS" }],
      }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe(M.pricesFor(["usd", "cad"]));
    expect(M.pricesFor(["usd", "cad"])).toBe(
      "Give each variant one price per currency: USD and CAD",
    );
    const hempAdmin = (
      await signedInVisitor(t.app, t.database.db, { storeId: HEMP_STORE, userType: "admin" }, HEMP)
    ).v;
    await t.database.db
      .update(stores)
      .set({ currencies: ["usd"] })
      .where(eq(stores.id, HEMP_STORE));
    try {
      const sold = await hempAdmin.post(
        "/api/admin/products",
        calmChews({
          handle: "usd-chews",
          ...usdOnly,
          variants: [{ ...usdOnly.variants[0], sku: "USD-CHEWS" }],
        }),
      );
      expect(sold.statusCode, sold.body).toBe(201);
      expect(sold.json().variants[0].prices).toEqual([{ currency: "usd", amount: 2400 }]);
    } finally {
      await t.database.db
        .update(stores)
        .set({ currencies: ["usd", "cad"] })
        .where(eq(stores.id, HEMP_STORE));
    }
  });

  it.each(["itchy-scratchy", "complete-care-trio"])(
    "saves the demo product %s as it was read without changing what shoppers see",
    async (handle) => {
      const id = (await admin.get(`/api/admin/products?q=${handle}`)).json().products[0].id;
      const read = (await admin.get(`/api/admin/products/${id}`)).json();
      const before = (await shopper().get(`/api/products/${handle}?currency=usd`)).json();
      const res = await admin.put(`/api/admin/products/${id}`, {
        title: read.title,
        handle: read.handle,
        descriptionHtml: read.descriptionHtml,
        metaDescription: read.metaDescription,
        tags: read.tags,
        collectionIds: read.collectionIds,
        published: read.published,
        variants: read.variants.map((v: { stock: number }) => ({ ...v, expectedStock: v.stock })),
        plans: read.plans,
        bundle: read.bundle,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await shopper().get(`/api/products/${handle}?currency=usd`)).json();
      expect(after).toEqual(before);
    },
  );

  it("creates a bundle of the store's products that a shopper fills at its price, and edits its items and choices", async () => {
    const pair = (bundle: unknown, overrides: Record<string, unknown> = {}) =>
      calmChews({
        title: "Pick a Pair",
        handle: "pick-a-pair",
        plans: [],
        variants: [
          {
            sku: "PAIR-1",
            attributes: {},
            prices: [
              { currency: "usd", amount: 6000 },
              { currency: "cad", amount: 8000 },
            ],
            stock: 0,
            requiresShipping: true,
          },
        ],
        bundle,
        ...overrides,
      });
    const refusals: [unknown, Record<string, unknown>, string][] = [
      [{ slots: 2, choices: ["ITCHY-1", "NOPE-1"] }, {}, M.unknownChoices(["NOPE-1"])],
      [{ slots: 7, choices: ["ITCHY-1"] }, {}, `bundle.slots: ${M.bundleSlots}`],
      [{ slots: 2, choices: [] }, {}, `bundle.choices: ${M.bundleChoices}`],
      [
        { slots: 2, choices: ["ITCHY-1"] },
        { plans: calmChews().plans },
        `plans: ${M.bundleNoPlans}`,
      ],
      // Another bundle is not a choice.
      [{ slots: 2, choices: ["CALM-DUO"] }, {}, M.unknownChoices(["CALM-DUO"])],
    ];
    for (const [bundle, overrides, message] of refusals) {
      const res = await admin.post("/api/admin/products", pair(bundle, overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const created = await admin.post(
      "/api/admin/products",
      pair({ slots: 2, choices: ["ITCHY-1", "DRAMA-1"] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const detail = created.json();
    expect(detail.bundle).toEqual({ slots: 2, choices: ["ITCHY-1", "DRAMA-1"] });
    const v = shopper();
    const filled = await fillBundle(v, "pick-a-pair", ["DRAMA-1", "ITCHY-1"]);
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().cartItems[0]).toMatchObject({ sku: "PAIR-1", product_price: 6000 });
    const edited = await admin.put(`/api/admin/products/${detail.id}`, {
      ...pair({ slots: 3, choices: ["EAT-1", "ITCHY-1"] }),
      variants: detail.variants.map((x: { stock: number }) => ({ ...x, expectedStock: x.stock })),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().bundle).toEqual({ slots: 3, choices: ["EAT-1", "ITCHY-1"] });
    const two = await fillBundle(shopper(), "pick-a-pair", ["EAT-1", "ITCHY-1"]);
    expect(two.statusCode).toBe(400);
    const three = await fillBundle(shopper(), "pick-a-pair", ["EAT-1", "ITCHY-1", "EAT-1"]);
    expect(three.statusCode, three.body).toBe(200);
    // A bundle stays a bundle, and a product of its own stays one.
    const unbundled = await admin.put(`/api/admin/products/${detail.id}`, {
      ...pair(null),
      variants: detail.variants.map((x: { stock: number }) => ({ ...x, expectedStock: x.stock })),
    });
    expect(unbundled.statusCode).toBe(400);
    expect(unbundled.json().error.message).toBe(M.bundleKind);
  });
});
