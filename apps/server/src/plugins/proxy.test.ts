import { describe, expect, it } from "vitest";
import { PETS, uniqueEmail } from "../../test/fixtures.ts";
import { type TestApp, useTestApp } from "../../test/helper.ts";

// Password-reset requests are limited to 20 an hour per IP: the cheapest per-IP limit to reach.
const PER_IP_LIMIT = 20;

async function resetFrom(
  t: TestApp,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/auth/request_password_reset",
    remoteAddress,
    headers: { host: PETS, ...headers },
    payload: { email: uniqueEmail("proxy") },
  });
  return res.statusCode;
}

async function statusesOf(count: number, send: (i: number) => Promise<number>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await send(i));
  return statuses;
}

describe("TRUST_PROXY: per-IP limits cannot be dodged with X-Forwarded-For", () => {
  describe("unset: the peer's address counts, X-Forwarded-For is ignored", () => {
    const t = useTestApp();

    it("a client rotating X-Forwarded-For is still limited", async () => {
      const statuses = await statusesOf(PER_IP_LIMIT + 1, (i) =>
        resetFrom(t, "192.0.2.10", { "x-forwarded-for": `198.51.100.${i}` }),
      );
      expect(statuses.slice(0, PER_IP_LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses[PER_IP_LIMIT]).toBe(429);
    });

    it("X-Forwarded-Proto from a client does not make cookies Secure", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/auth/logout",
        payload: {},
        remoteAddress: "192.0.2.11",
        headers: { host: PETS, "x-forwarded-proto": "https" },
      });
      const cookies = [res.headers["set-cookie"] ?? []].flat();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    });
  });

  describe("a hop count (1 load balancer): only the address the proxy appended counts", () => {
    const t = useTestApp({ trustProxy: 1 });

    it("a client prepending fake addresses is still limited; another client is not", async () => {
      const statuses = await statusesOf(PER_IP_LIMIT + 1, (i) =>
        resetFrom(t, "10.0.0.2", { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` }),
      );
      expect(statuses.slice(0, PER_IP_LIMIT).every((s) => s === 200)).toBe(true);
      expect(statuses[PER_IP_LIMIT]).toBe(429);
      expect(await resetFrom(t, "10.0.0.2", { "x-forwarded-for": "203.0.113.8" })).toBe(200);
    });

    it("HTTPS through the proxy makes cookies Secure", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/auth/logout",
        payload: {},
        remoteAddress: "10.0.0.2",
        headers: { host: PETS, "x-forwarded-proto": "https" },
      });
      const cookies = [res.headers["set-cookie"] ?? []].flat();
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    });
  });

  describe("a list of proxy addresses: only those proxies are believed", () => {
    const t = useTestApp({ trustProxy: ["10.0.0.1"] });

    it("a request straight from an untrusted address is limited by that address", async () => {
      const statuses = await statusesOf(PER_IP_LIMIT + 1, (i) =>
        resetFrom(t, "192.0.2.20", { "x-forwarded-for": `198.51.100.${i}` }),
      );
      expect(statuses[PER_IP_LIMIT]).toBe(429);
    });

    it("through the listed proxy, each client is counted by its own address", async () => {
      const statuses = await statusesOf(PER_IP_LIMIT + 1, (i) =>
        resetFrom(t, "10.0.0.1", { "x-forwarded-for": `198.51.100.${i}` }),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    });
  });
});
