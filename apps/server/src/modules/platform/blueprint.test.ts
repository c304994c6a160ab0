import { NewStoreSchema } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { storeBlueprint } from "./blueprint.ts";

describe("a new store's starter pages", () => {
  it("show a brand name with markup characters as text, never as markup", () => {
    const store = NewStoreSchema.parse({
      id: "salt-pepper",
      brandName: "Salt & <b>Pepper</b>",
      hosts: ["salt.localhost"],
      defaultCurrency: "usd",
      ownerEmail: "owner@salt.test",
      theme: {},
    });
    const { pages } = storeBlueprint(store);
    const html = Object.values(pages).flatMap((page) =>
      Object.entries(page).filter(([key]) => key.startsWith("text-")),
    );
    expect(html.length).toBeGreaterThan(4);
    expect(JSON.stringify(html)).not.toContain("<b>Pepper");
    expect(pages.homepage?.["text-1"]).toBe(
      "<p>Welcome to Salt &amp; &lt;b&gt;Pepper&lt;/b&gt;.</p>",
    );
    expect(pages["policies/shipping-policy"]?.["text-1"]).toContain(
      "<p>Salt &amp; &lt;b&gt;Pepper&lt;/b&gt; ships",
    );
    // Plain-text fields keep the name as typed: the page escapes them when it shows them.
    expect(pages.homepage?.title).toBe("Salt & <b>Pepper</b>");
  });
});
