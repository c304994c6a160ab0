import { describe, expect, expectTypeOf, it } from "vitest";
import type { AdminProductImage } from "../admin-product.ts";
import type { Answer, Call, Endpoint } from "../endpoint.ts";
import { adminCatalogEndpoints } from "./admin-catalog.ts";
import * as ADMIN_CATALOG_ROUTES from "./admin-catalog-routes.ts";
import { adminContentEndpoints } from "./admin-content.ts";
import * as ADMIN_CONTENT_ROUTES from "./admin-content-routes.ts";
import { adminDiscountsEndpoints } from "./admin-discounts.ts";
import * as ADMIN_DISCOUNTS_ROUTES from "./admin-discounts-routes.ts";

const groups: [Record<string, string>, Record<string, Endpoint>][] = [
  [ADMIN_CATALOG_ROUTES, adminCatalogEndpoints],
  [ADMIN_CONTENT_ROUTES, adminContentEndpoints],
  [ADMIN_DISCOUNTS_ROUTES, adminDiscountsEndpoints],
];

describe("the store admins' catalogue, content and discount endpoints", () => {
  it("name each route once, as its descriptor has it, under /api/admin", () => {
    for (const [routes, endpoints] of groups) {
      expect(Object.keys(endpoints)).toEqual(Object.keys(routes));
      for (const [name, route] of Object.entries(routes)) {
        const { method, path } = endpoints[name] ?? { method: "", path: "" };
        expect(`${method} ${path}`).toBe(route);
        expect(path.startsWith("/api/admin/")).toBe(true);
      }
    }
  });

  it("type an upload's body as a file, and an answer without a body as null", () => {
    type AddImage = Call<typeof adminCatalogEndpoints.addImage>;
    expectTypeOf<Parameters<AddImage>[0]>().toHaveProperty("arrayBuffer");
    expectTypeOf<Awaited<ReturnType<AddImage>>>().toEqualTypeOf<AdminProductImage>();
    expectTypeOf<Answer<typeof adminCatalogEndpoints.removeImage>>().toEqualTypeOf<null>();
    expectTypeOf<Parameters<Call<typeof adminContentEndpoints.page>>[0]["params"]>().toEqualTypeOf<{
      "*": string;
    }>();
  });
});
