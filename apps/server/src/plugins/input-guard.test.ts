import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_MESSAGES, TEXT_MESSAGES } from "@storefront/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, NY_ADDRESS, PETS, signedInVisitor } from "../../test/fixtures.ts";
import { createTestApp, type TestApp, useTestApp } from "../../test/helper.ts";
import { Visitor } from "../../test/visitor.ts";
import { isValidHost } from "./input-guard.ts";

const NUL = "calm\u0000paws";
const LONE_SURROGATE = "calm\ud800paws";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
interface Case {
  name: string;
  method: Method;
  url: (bad: string) => string;
  body?: (bad: string) => unknown;
  field: string;
  signedIn?: "customer" | "admin";
  nulOnly?: boolean;
}

// Every endpoint that takes text from a shopper, an owner or a client, with the field refused.
const CASES: Case[] = [
  {
    name: "cart items",
    method: "POST",
    url: () => "/api/cart/items",
    body: (bad) => ({ sku: bad, quantity: 1 }),
    field: "sku",
  },
  {
    name: "cart sync",
    method: "POST",
    url: () => "/metrics/cart-items",
    body: (bad) => ({ items: [{ sku: bad, quantity: 1 }] }),
    field: "items.0.sku",
  },
  {
    name: "discount",
    method: "PUT",
    url: () => "/api/cart/discount",
    body: (bad) => ({ code: bad }),
    field: "code",
  },
  {
    name: "login",
    method: "POST",
    url: () => "/v2/auth/login",
    body: (bad) => ({ email: `a${bad}@example.com`, password: "x" }),
    field: "email",
  },
  {
    name: "register",
    method: "POST",
    url: () => "/v2/auth/register",
    body: (bad) => ({
      email: "new@example.com",
      password: "Correct-Pony-Staple-42",
      firstName: bad,
      lastName: "Doe",
    }),
    field: "firstName",
  },
  {
    name: "account",
    method: "PATCH",
    url: () => "/api/account",
    body: (bad) => ({ firstName: bad }),
    field: "firstName",
    signedIn: "customer",
  },
  {
    name: "add review",
    method: "POST",
    url: () => "/reviews/addReview",
    body: (bad) => ({ product_id: "calm-paws", rating: 5, title: "Good", body: bad }),
    field: "body",
  },
  {
    name: "review search",
    method: "GET",
    // A URL carries bytes: %00 is a NUL; a lone surrogate cannot be written in one at all.
    url: (bad) => `/api/products/calm-paws/reviews?search=${bad.replace("\u0000", "%00")}`,
    field: "search",
    nulOnly: true,
  },
  {
    name: "admin review patch",
    method: "PATCH",
    url: () => "/api/admin/reviews/r1",
    body: (bad) => ({ status: "approved", reply: bad }),
    field: "reply",
    signedIn: "admin",
  },
  {
    name: "garden form",
    method: "POST",
    url: () => "/pbn/layouts",
    body: (bad) => ({ name: bad, email: "a@example.com" }),
    field: "name",
  },
  {
    name: "checkout",
    method: "POST",
    url: () => "/api/checkout",
    body: (bad) => ({
      email: "a@example.com",
      shippingAddress: { ...NY_ADDRESS, line1: bad },
      card: GOOD_CARD,
    }),
    field: "shippingAddress.line1",
  },
];

describe("isValidHost", () => {
  it.each(["pets.localhost", "pets.localhost:3000", "[::1]:3000", "127.0.0.1", "PETS.localhost"])(
    "takes %s",
    (host) => expect(isValidHost(host)).toBe(true),
  );
  it.each(["", "[", "a b", "pets.localhost:99999", "x/y", "a@b", "x".repeat(300)])(
    "refuses %j",
    (host) => expect(isValidHost(host)).toBe(false),
  );
});

describe("bad input is a 400, never a 500", () => {
  const t = useTestApp();

  async function visitorFor(kind: Case["signedIn"]): Promise<Visitor> {
    if (kind === undefined) return new Visitor(t.app, PETS);
    const userType = kind === "admin" ? "admin" : "customer";
    return (await signedInVisitor(t.app, t.database.db, { userType })).v;
  }

  for (const [label, bad] of [
    ["a NUL", NUL],
    ["a lone surrogate", LONE_SURROGATE],
  ] as const) {
    for (const c of CASES.filter((c) => bad === NUL || !c.nulOnly)) {
      it(`${c.name}: ${label} in ${c.field} answers 400 naming the field`, async () => {
        const v = await visitorFor(c.signedIn);
        const res = await v.request(c.method, c.url(bad), c.body?.(bad));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          error: { code: "invalid", fields: { [c.field]: TEXT_MESSAGES.unsafe } },
        });
      });
    }
  }

  it("a body nested 20,000 deep answers 400, not a stack overflow", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/auth/login",
      headers: { host: PETS, "content-type": "application/json" },
      payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { fields: { request: TEXT_MESSAGES.tooDeep } } });
  });

  it.each(["[", "a b", "pets.localhost:99999"])(
    "an API call with Host %j answers 400 with the Host message",
    async (host) => {
      const res = await t.app.inject({ url: "/api/store", headers: { host } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: ERROR_MESSAGES.invalidHost } });
    },
  );

  it("a handle of 101 to 200 characters reaches the API's own answer (404), not a page", async () => {
    for (const length of [101, 150, 200]) {
      const res = await t.app.inject({
        url: `/api/products/${"a".repeat(length)}`,
        headers: { host: PETS },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "not_found" } });
    }
    const tooLong = await t.app.inject({
      url: `/api/products/${"a".repeat(201)}`,
      headers: { host: PETS },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

const WEB_BUILD = fileURLToPath(new URL("../../../web/build", import.meta.url));
const HAS_WEB_BUILD = existsSync(path.join(WEB_BUILD, "server", "index.js"));

describe.skipIf(!HAS_WEB_BUILD)("pages refuse bad input with a 4xx (needs npm run build)", () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ webBuildDir: WEB_BUILD }, { web: true });
    origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  it.each(["[", "a b", "pets.localhost:99999"])("a page with Host %j answers 400", async (host) => {
    const res = await t.app.inject({ url: "/products/calm-paws", headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { message: ERROR_MESSAGES.invalidHost } });
  });

  it("a request with two Host headers answers 400", async () => {
    const { port } = new URL(origin);
    const status = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `GET / HTTP/1.1\r\nHost: ${PETS}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
        );
      });
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(answer.split("\r\n")[0] ?? ""));
    });
    expect(status).toBe("HTTP/1.1 400 Bad Request");
  });

  it.each([101, 150, 200, 250])(
    "a product page with a %i-character handle is a 404 page",
    async (n) => {
      const res = await t.app.inject({
        url: `/products/${"a".repeat(n)}`,
        headers: { host: PETS },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    },
  );

  it("a JSON body nested 20,000 deep posted to a page answers 405, pages take GET and HEAD", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/cart",
      headers: { host: PETS, "content-type": "application/json" },
      payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  });
});
