import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET_STORE, PETS, signedInVisitor, visitorWithOwnIp } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { readForPage } from "../../plugins/page-reads.ts";

const CDN = "https://cdn.example.com/media";

describe("image URLs with MEDIA_PUBLIC_URL (a CDN in front of /media/)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { mediaPublicUrl: CDN },
      {
        // What a page's loader reads in-process, sent as a string: no hook of the route's own.
        beforeReady: (app) =>
          app.get("/test/page-read", async (request, reply) => {
            const read = await readForPage(app, request, "/api/products/itchy-scratchy");
            return reply.type("application/json").send(JSON.stringify(read?.body));
          }),
      },
    );
  });
  afterAll(() => t.close());

  it("names the store's images by the CDN's URL in the storefront's answers", async () => {
    const shopper = visitorWithOwnIp(t.app, PETS);
    const product = await shopper.get("/api/products/itchy-scratchy");
    expect(product.statusCode).toBe(200);
    expect(product.body).not.toContain('"/media/');
    expect(product.body).toContain(`"${CDN}/${PET_STORE}/`);
    const store = await shopper.get("/api/store");
    expect(store.statusCode).toBe(200);
    expect(store.body).not.toContain('"/media/');
    expect(store.json().logo).toMatch(new RegExp(`^${CDN}/${PET_STORE}/`));
  });

  it("names them so in what a product page reads in-process to render", async () => {
    const read = await visitorWithOwnIp(t.app, PETS).get("/test/page-read");
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('"/media/');
    expect(read.body).toContain(`"${CDN}/${PET_STORE}/`);
  });

  it("keeps the stored /media/ paths in the store admin's answers, which its forms send back", async () => {
    const admin = (
      await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE, userType: "admin" }, PETS)
    ).v;
    const id = (await admin.get("/api/admin/products?q=itchy-scratchy")).json().products[0].id;
    const product = await admin.get(`/api/admin/products/${id}`);
    expect(product.statusCode).toBe(200);
    expect(product.json().images[0].url).toMatch(new RegExp(`^/media/${PET_STORE}/`));
    expect(product.body).not.toContain(CDN);
  });
});
