import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PETS, signIn } from "../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../test/helper.ts";
import { Visitor } from "../../test/visitor.ts";
import { readForPage } from "./page-reads.ts";

/** What a page's loader reads, as it reads it: in-process, with the page's own request. */
const PAGE_READ = "/test/page-read";

describe("reads a page makes in-process", () => {
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // Stands in for a page: answers what its loader would get for ?path=.
        beforeReady: (built) =>
          built.get(PAGE_READ, { schema: { hide: true } }, async (request) => {
            const { path: apiPath } = request.query as { path: string };
            const read = await readForPage(built, request, apiPath);
            return read ? { status: read.status, body: read.body } : { status: "not a page read" };
          }),
      },
    );
    app = t.app;
  });
  afterAll(() => t.close());

  const asPage = async (v: Visitor, apiPath: string) =>
    (await v.get(`${PAGE_READ}?path=${encodeURIComponent(apiPath)}`)).json();

  const READS = [
    "/api/store",
    "/api/cart",
    "/v2/auth/status",
    "/api/products",
    "/api/products/itchy-scratchy",
    "/api/products/itchy-scratchy?currency=cad",
    "/api/products/itchy-scratchy/reviews",
    "/api/products/itchy-scratchy/reviews?sort=helpful&rating=5&page=1",
    "/api/collections/liquid-dog-vitamins-supplements",
    "/data/master/homepage.json",
    "/data/master/About-Us.json",
  ];

  it("answers every read as the HTTP API answers it, for a guest, a shopper with a cart, a signed-in customer and a CAD visitor", async () => {
    const guest = new Visitor(app, PETS);
    const withCart = new Visitor(app, PETS);
    expect(
      (await withCart.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 })).statusCode,
    ).toBe(200);
    const customer = new Visitor(app, PETS);
    const user = await createUser(t.database.db);
    expect((await signIn(customer, user.email)).statusCode).toBe(200);
    const canadian = new Visitor(app, PETS);
    canadian.cookies.set("currency", "cad");
    for (const v of [guest, withCart, customer, canadian]) {
      for (const apiPath of READS) {
        const api = await v.get(apiPath);
        const page = await asPage(v, apiPath);
        expect(page, apiPath).toEqual({ status: api.statusCode, body: api.json() });
      }
    }
  });

  it("refuses what the API refuses, with its status and message: a bad handle, an unknown product, a bad query", async () => {
    const v = new Visitor(app, PETS);
    for (const apiPath of [
      "/api/products/no-such-product",
      "/api/products/Bad%20Handle!",
      "/api/products/itchy-scratchy/reviews?sort=sideways",
      "/api/products/itchy-scratchy?currency=eur",
      "/data/master/no-such-page.json",
    ]) {
      const api = await v.get(apiPath);
      expect(api.statusCode, apiPath).toBeGreaterThanOrEqual(400);
      const page = await asPage(v, apiPath);
      expect(page.status, apiPath).toBe(api.statusCode);
      expect(page.body.error.code, apiPath).toBe(api.json().error.code);
    }
  });

  it("leaves other paths to the server", async () => {
    const v = new Visitor(app, PETS);
    expect(await asPage(v, "/api/account")).toEqual({ status: "not a page read" });
  });
});
