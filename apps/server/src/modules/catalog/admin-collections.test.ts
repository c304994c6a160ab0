import { ADMIN_COLLECTION_MESSAGES as CM } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInAdmin,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";

type Listed = {
  collections: { id: string; handle: string; products: { id: string; handle: string }[] }[];
  products: { id: string; handle: string; published: boolean }[];
};

describe("admin collections API", () => {
  const t = useTestApp();

  const admin = signedInAdmin(t);
  const shopperOrder = async (handle: string) =>
    (
      (
        await visitorWithOwnIp(t.app, PETS).get(`/api/collections/${handle}?sort=featured`)
      ).json() as {
        products: { handle: string }[];
      }
    ).products.map((p) => p.handle);

  it("reorders, adds and removes a collection's products, and shoppers see the new order at once", async () => {
    const v = await admin();
    const listed = (await v.get("/api/admin/collections")).json() as Listed;
    const [collection] = listed.collections;
    if (!collection) throw new Error("no collection");
    const before = collection.products.map((p) => p.handle);
    expect(await shopperOrder(collection.handle)).toEqual(before);
    expect(listed.products.length).toBeGreaterThanOrEqual(collection.products.length);

    // The last first, the first gone.
    const ids = collection.products.map((p) => p.id);
    const reordered = [ids.at(-1), ...ids.slice(1, -1)] as string[];
    const saved = await v.put(`/api/admin/collections/${collection.id}/products`, {
      productIds: reordered,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [before.at(-1), ...before.slice(1, -1)];
    expect(saved.json().products.map((p: { handle: string }) => p.handle)).toEqual(expected);
    // Every instance's cached answer is dropped as the database announces the change.
    await expect.poll(() => shopperOrder(collection.handle)).toEqual(expected);
    const relisted = (await v.get("/api/admin/collections")).json() as Listed;
    expect(relisted.collections[0]?.products.map((p) => p.handle)).toEqual(expected);

    // Back as it was.
    const restored = await v.put(`/api/admin/collections/${collection.id}/products`, {
      productIds: ids,
    });
    expect(restored.statusCode).toBe(200);
    await expect.poll(() => shopperOrder(collection.handle)).toEqual(before);
  });

  it("refuses a product twice, another store's product, and another store's collection, saying what is wrong", async () => {
    const pets = await admin();
    const hemp = await admin(HEMP, HEMP_STORE);
    const ours = (await pets.get("/api/admin/collections")).json() as Listed;
    const theirs = (await hemp.get("/api/admin/collections")).json() as Listed;
    const collection = ours.collections[0];
    const product = ours.products[0];
    const hempProduct = theirs.products[0];
    if (!collection || !product || !hempProduct) throw new Error("no demo data");
    const put = (productIds: unknown) =>
      pets.put(`/api/admin/collections/${collection.id}/products`, { productIds });

    const twice = await put([product.id, product.id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain(CM.duplicate);
    const foreign = await put([product.id, hempProduct.id]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(CM.unknownProducts);
    const malformed = await put(["not-an-id"]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(CM.productIds);
    // Nothing changed.
    const after = (await pets.get("/api/admin/collections")).json() as Listed;
    expect(after.collections[0]?.products).toEqual(collection.products);

    const theirCollection = theirs.collections[0];
    if (theirCollection) {
      const res = await pets.put(`/api/admin/collections/${theirCollection.id}/products`, {
        productIds: [product.id],
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(CM.collectionNotFound);
    }
  });

  it("is the store admins' alone: a shopper gets the 404 of a missing route, a guest 401", async () => {
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    expect((await shopper.get("/api/admin/collections")).statusCode).toBe(404);
    expect((await visitorWithOwnIp(t.app, PETS).get("/api/admin/collections")).statusCode).toBe(
      401,
    );
  });
});
