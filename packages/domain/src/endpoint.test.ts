import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { lineKey } from "./cart.ts";
import type { CartView } from "./cart-schema.ts";
import { type Answer, type Call, endpoint, routeParts, urlOf } from "./endpoint.ts";
import { cartEndpoints } from "./endpoints/cart.ts";
import { lineRefOf, lineWhere } from "./endpoints/cart-lines.ts";
import * as CART_ROUTES from "./endpoints/cart-routes.ts";

describe("an endpoint descriptor", () => {
  it("is its route's method and path with its schemas", () => {
    expect(routeParts("PATCH /api/cart/items/:sku")).toEqual({
      method: "PATCH",
      path: "/api/cart/items/:sku",
    });
    const clear = endpoint(CART_ROUTES.clear, {
      tags: ["cart"],
      summary: "s",
      response: {} as never,
    });
    expect(clear.method).toBe("DELETE");
    expect(clear.path).toBe("/api/cart");
    expect(cartEndpoints.updateItem.body).toBeDefined();
    const schemas = { tags: [], summary: "s", body: z.object({}), response: { 200: z.object({}) } };
    // @ts-expect-error A GET sends no body.
    endpoint("GET /x", schemas);
    expect(endpoint("POST /x", schemas).body).toBe(schemas.body);
  });

  it("names each cart route once, as its descriptor has it", () => {
    for (const [name, route] of Object.entries(CART_ROUTES)) {
      const { method, path } = cartEndpoints[name as keyof typeof CART_ROUTES];
      expect(`${method} ${path}`).toBe(route);
    }
  });

  it("types a call by its schemas: its body first for a POST, PUT or PATCH, then where it goes", () => {
    type AddItem = Call<typeof cartEndpoints.addItem>;
    expectTypeOf<Parameters<AddItem>[0]>().toHaveProperty("quantity");
    expectTypeOf<Awaited<ReturnType<AddItem>>>().toEqualTypeOf<CartView>();
    type Remove = Call<typeof cartEndpoints.removeItem>;
    expectTypeOf<Parameters<Remove>[0]["params"]>().toEqualTypeOf<{ sku: string }>();
    expectTypeOf<Answer<typeof cartEndpoints.get>>().toEqualTypeOf<CartView>();
  });
});

describe("urlOf", () => {
  it("fills the path's parameters, escaped", () => {
    expect(urlOf("/api/cart/items/:sku", { params: { sku: "A B/1" } })).toBe(
      "/api/cart/items/A%20B%2F1",
    );
  });

  it('fills a trailing wildcard with its "*" parameter', () => {
    expect(urlOf("/data/master/*", { params: { "*": "home page.json" } })).toBe(
      "/data/master/home%20page.json",
    );
  });

  it("adds the query's set values, escaped, commas left as commas", () => {
    expect(urlOf("/api/x", { query: { a: "1&2", b: undefined, c: null, d: "X,Y" } })).toBe(
      "/api/x?a=1%262&d=X,Y",
    );
    expect(urlOf("/api/x", { query: {} })).toBe("/api/x");
    expect(urlOf("/api/x")).toBe("/api/x");
  });
});

describe("a cart line's LineRef", () => {
  const plain = { sku: "EAT-1", subscription: null, skus_selected: null };
  const monthly = {
    sku: "EAT-1",
    subscription: { subscription_id: "monthly" },
    skus_selected: null,
  };
  const duo = { sku: "CALM-DUO", subscription: null, skus_selected: ["B", "A"] };

  it("goes to its sku's path, with ?subscription_id= or ?skus_selected= naming the line", () => {
    const url = (line: typeof plain | typeof monthly | typeof duo) =>
      urlOf(routeParts(CART_ROUTES.updateItem).path, lineWhere(line));
    expect(url(plain)).toBe("/api/cart/items/EAT-1");
    expect(url(monthly)).toBe("/api/cart/items/EAT-1?subscription_id=monthly");
    expect(url(duo)).toBe("/api/cart/items/CALM-DUO?skus_selected=B,A");
  });

  it("is the line the server reads back from that path and query", () => {
    expect(lineRefOf("EAT-1", {})).toEqual(plain);
    expect(lineRefOf("EAT-1", { subscription_id: "monthly" })).toEqual(monthly);
    expect(lineKey(lineRefOf("CALM-DUO", { skus_selected: ["A", "B"] }))).toBe(lineKey(duo));
  });
});
