import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PETS, signedInVisitor } from "../../test/fixtures.ts";
import { useTestApp } from "../../test/helper.ts";
import { Visitor } from "../../test/visitor.ts";

const WEB_BUILD = fileURLToPath(new URL("../../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));
const HSTS = "max-age=31536000; includeSubDomains";

describe("security headers", () => {
  const t = useTestApp(
    { trustProxy: ["10.0.0.1"], ...(HAS_WEB_BUILD ? { webBuildDir: WEB_BUILD } : {}) },
    { web: HAS_WEB_BUILD },
  );

  const ask = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, remoteAddress, headers: { host: PETS, ...headers } });

  it("HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const viaProxy = await ask("/api/store", "10.0.0.1", { "x-forwarded-proto": "https" });
    expect(viaProxy.headers["strict-transport-security"]).toBe(HSTS);
    const plain = await ask("/api/store", "10.0.0.1", { "x-forwarded-proto": "http" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const spoofed = await ask("/api/store", "192.0.2.1", { "x-forwarded-proto": "https" });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("API answers carry a policy that runs and frames nothing", async () => {
    const res = await ask("/api/store", "192.0.2.1");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  it("cart, discount, account and checkout answers are never stored by a cache", async () => {
    const guest = new Visitor(t.app, PETS);
    for (const res of [
      await guest.get("/api/cart"),
      await guest.post("/api/cart/items", { sku: "no-such-sku", quantity: 1 }),
      await guest.put("/api/cart/discount", { code: "NOPE" }),
      await guest.post("/metrics/cart-items", { items: [] }),
      await guest.get("/v2/auth/status"),
      await guest.post("/api/checkout/quote", {}),
    ]) {
      expect(res.headers["cache-control"], res.raw.req.url).toBe("no-store");
    }
    const { v } = await signedInVisitor(t.app, t.database.db);
    for (const url of ["/api/account", "/api/account/orders", "/api/account/subscriptions"]) {
      const res = await v.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  describe.skipIf(!HAS_WEB_BUILD)("pages (needs npm run build)", () => {
    function nonceOf(policy: string | undefined): string {
      const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? "");
      if (!match?.[1]) throw new Error(`no nonce in ${policy}`);
      return match[1];
    }

    it("every inline script of a page about one visitor carries this answer's nonce, and each answer has its own", async () => {
      const first = await ask("/cart", "192.0.2.1");
      const second = await ask("/cart", "192.0.2.1");
      expect(first.statusCode).toBe(200);
      const nonce = nonceOf(first.headers["content-security-policy"] as string);
      expect(nonceOf(second.headers["content-security-policy"] as string)).not.toBe(nonce);
      const policy = first.headers["content-security-policy"] as string;
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("frame-ancestors 'self'");
      const scripts = [...first.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
      const inline = scripts.filter((attrs) => !/\bsrc=/.test(attrs));
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) {
        // JSON-LD is data, not run: it needs no nonce.
        if (/type="application\/ld\+json"/.test(attrs)) continue;
        expect(attrs).toContain(`nonce="${nonce}"`);
      }
    });

    it.each([
      "/cart",
      "/checkout",
      "/account/sign-in",
      "/account/reset-password",
      "/account/confirm",
    ])("the page %s is never stored by a cache", async (url) => {
      const res = await ask(url, "192.0.2.1");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    });

    it("the account page of a signed-in shopper is never stored by a cache", async () => {
      const { v } = await signedInVisitor(t.app, t.database.db);
      const res = await v.get("/account");
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
    });
  });
});
