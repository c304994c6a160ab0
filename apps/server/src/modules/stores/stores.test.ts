import { describe, expect, it } from "vitest";
import { HEMP } from "../../../test/fixtures.ts";
import { createTestApp, useTestApp } from "../../../test/helper.ts";

describe("GET /api/store resolves the store from the Host", () => {
  const t = useTestApp();

  it("answers the default store (STORE_ID) for an unknown host", async () => {
    const res = await t.app.inject({ url: "/api/store", headers: { host: "localhost:3000" } });
    expect(res.statusCode).toBe(200);
    const store = res.json();
    expect(store.storeId).toBe("pet-remedies");
    expect(store.theme.colors.primary).toBe("#b83424");
    expect(store.theme.typography.fonts.primary).toBe("Literata");
    expect(store.Navbar.menus.map((m: { label: string }) => m.label)).toEqual(["Dogs", "Cats"]);
  });

  it("answers each store on its own domain, each with its own type", async () => {
    const hemp = await t.app.inject({ url: "/api/store", headers: { host: HEMP } });
    expect(hemp.json().storeId).toBe("hemp-nutrition");
    expect(hemp.json().theme.typography.fonts).toEqual({ primary: "Work Sans", body: "Work Sans" });
    const garden = await t.app.inject({
      url: "/api/store",
      headers: { host: "garden.localhost:3000" },
    });
    expect(garden.json().storeId).toBe("garden-studio");
    expect(garden.json().theme.typography.fonts).toEqual({
      primary: "Fraunces",
      body: "Nunito Sans",
    });
  });

  it("carries the callout's two messages, the sister-store link on this server's port", async () => {
    const res = await t.app.inject({ url: "/api/store", headers: { host: "localhost:3000" } });
    const messages = res.json().TopCallOutSection.messages;
    expect(messages).toHaveLength(2);
    expect(messages[0].href).toBe("http://hemp.localhost:3000/");
    expect(messages[1]).toEqual({ label: "FREE SHIPPING ON USA ORDERS $149+" });
  });

  it("answers 404 in the error shape when the configured store does not exist", async () => {
    const other = await createTestApp({ defaultStoreId: "no-such-store" });
    try {
      const res = await other.app.inject({ url: "/api/store", headers: { host: "localhost" } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "not_found", message: "Store not found" } });
    } finally {
      await other.close();
    }
  });

  it("serves an OpenAPI document listing the API paths", async () => {
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/store",
        "/api/products",
        "/api/products/{handle}",
        "/api/collections/{handle}",
        "/data/master/{*}",
        "/data/layout/{*}",
      ]),
    );
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.app.inject({ url: "/api/nothing-here" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });
});
