import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  expectError,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  uniqueEmail,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { users } from "../../db/schema.ts";
import { accountsTestHelpers } from "./accounts-test-helpers.ts";

describe("accounts API", () => {
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 });
  const { visitor, registered, confirmationToken } = accountsTestHelpers(() => t);

  describe("GET and PATCH /api/account", () => {
    it("answers 401 signed out and the status user signed in, and PATCH changes names and birthday", async () => {
      expectError(await visitor().get("/api/account"), 401, "unauthorized", M.signInRequired);
      expectError(
        await visitor().patch("/api/account", { first_name: "X" }),
        401,
        "unauthorized",
        M.signInRequired,
      );
      const v = visitor();
      const { email } = await registered(v, { birthday: "1985-01-02" });
      const account = await v.get("/api/account");
      expect(account.statusCode).toBe(200);
      expect(account.json()).toEqual((await v.get("/v2/auth/status")).json().user);
      expect(account.json()).toMatchObject({ email, first_name: "Jane", birthday: "1985-01-02" });

      const patched = await v.patch("/api/account", {
        first_name: " Janet ",
        last_name: "Doe-Smith",
        birthday: "1985-01-03",
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({
        first_name: "Janet",
        last_name: "Doe-Smith",
        birthday: "1985-01-03",
      });
      expect((await v.patch("/api/account", { birthday: null })).json().birthday).toBeNull();
      expect((await v.get("/api/account")).json()).toMatchObject({
        first_name: "Janet",
        birthday: null,
      });
      expectError(
        await v.patch("/api/account", { birthday: "someday" }),
        400,
        "invalid",
        `birthday: ${M.birthdayInvalid}`,
      );
      for (const body of [{ email: "x@y.co" }, { points_balance: 10_000 }, { userType: "admin" }]) {
        const res = await v.patch("/api/account", body);
        expect(res.statusCode).toBe(400);
      }
      expect((await v.get("/api/account")).json()).toMatchObject({
        email,
        points_balance: 0,
        userType: "customer",
      });
    });
  });

  describe("every account call", () => {
    it("never puts the password or its hash in an answer", async () => {
      const password = "Secret-Meadow-Lantern-77";
      const v = visitor();
      const email = uniqueEmail();
      const requested = await v.post("/v2/auth/register", {
        email,
        password,
        first_name: "Pat",
        last_name: "Lee",
      });
      const token = await confirmationToken(email);
      const answers = [
        requested,
        await v.post("/v2/auth/register/confirm", { token }),
        await v.post("/v2/auth/login", { email, password }),
        await v.get("/v2/auth/status"),
        await v.get("/api/account"),
        await v.patch("/api/account", { first_name: "Patricia" }),
        await v.post("/auth/request_password_reset", { email }),
        await v.post("/auth/logout", {}),
        await visitor().post("/v2/auth/login", { email, password: `${password}x` }),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBeLessThan(500);
        expect(res.body).not.toContain(password);
        expect(res.body).not.toContain("$argon2");
        expect(res.body.toLowerCase()).not.toContain("hash");
        expect(Object.keys(res.json())).not.toContain("password");
      }
    });

    it("keeps accounts and sessions per store", async () => {
      const email = uniqueEmail();
      const pets = visitor(PETS);
      await registered(pets, { email });
      const token = pets.cookies.get("sf_auth") ?? "";

      // The pet store's session is no one on the hemp store's host.
      const hemp = visitor(HEMP);
      hemp.cookies.set("sf_auth", token);
      expect((await hemp.get("/v2/auth/status")).json()).toEqual({ isLoggedIn: false, user: null });
      expect((await hemp.get("/api/account")).statusCode).toBe(401);
      expect((await hemp.patch("/api/account", { first_name: "Mallory" })).statusCode).toBe(401);
      // Signing out on the hemp host does not end the pet store's session.
      await hemp.post("/auth/logout", {});
      expect((await pets.get("/v2/auth/status")).json().isLoggedIn).toBe(true);

      // The pet store's credentials open nothing on the hemp store...
      expectError(
        await visitor(HEMP).post("/v2/auth/login", {
          email,
          password: "a garden of herbs",
          store_id: HEMP_STORE,
        }),
        401,
        "unauthorized",
        M.loginFailed,
      );
      // ...where the same email may hold an account of its own: a confirmation, not the owner's note.
      const hempAccount = await registered(visitor(HEMP), {
        email,
        password: "hemp and hearth",
        store_id: HEMP_STORE,
      });
      expect(hempAccount.res.json().user.email).toBe(email);
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows.map((r) => r.storeId).sort()).toEqual([HEMP_STORE, PET_STORE]);
    });

    it("refuses a store_id that is not the Host's store, on every call that takes one", async () => {
      const v = visitor(PETS);
      const calls = [
        v.post("/v2/auth/login", { ...DEMO, store_id: HEMP_STORE }),
        v.post("/v2/auth/register", {
          email: uniqueEmail(),
          password: "a garden of herbs",
          first_name: "A",
          last_name: "B",
          store_id: HEMP_STORE,
        }),
        v.post("/v2/auth/register/confirm", { token: "x".repeat(43), store_id: HEMP_STORE }),
        v.post("/auth/request_password_reset", { email: DEMO.email, store_id: HEMP_STORE }),
        v.post("/auth/reset_password", {
          newPassword: "a new garden",
          token: "x".repeat(43),
          store_id: HEMP_STORE,
        }),
        v.post("/auth/logout", { store_id: HEMP_STORE }),
        v.get(`/v2/auth/status?store_id=${HEMP_STORE}`),
      ];
      for (const res of await Promise.all(calls)) {
        expectError(res, 400, "invalid", M.storeMismatch);
      }
    });

    it("refuses a cross-site write that carries a session cookie (403), on every route", async () => {
      const v = visitor();
      await registered(v);
      await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      const cookie = `sf_auth=${v.cookies.get("sf_auth")}`;
      const inject = (
        method: "POST" | "PATCH" | "DELETE" | "PUT",
        url: string,
        origin: string,
        payload?: object,
      ) =>
        t.app.inject({
          method,
          url,
          headers: { host: PETS, cookie, origin },
          ...(payload ? { payload } : {}),
        });
      const refused = [
        await inject("POST", "/api/cart/items", "http://evil.example", {
          sku: "EAT-1",
          quantity: 1,
        }),
        await inject("PATCH", "/api/account", "https://evil.example", { first_name: "Mallory" }),
        await inject("DELETE", "/api/cart", "http://pets.localhost.evil.example"),
        await inject("PUT", "/api/cart/currency", "null", { currency: "cad" }),
        await inject("POST", "/auth/logout", "http://hemp.localhost"),
      ];
      for (const res of refused) expectError(res, 403, "forbidden", M.crossSite);
      expect((await v.get("/api/cart")).json().cartItems).toHaveLength(1);
      expect((await v.get("/api/account")).json().first_name).toBe("Jane");
      expect((await v.get("/v2/auth/status")).json().isLoggedIn).toBe(true);

      // The store's own origin is fine, and so is a guest's cart cookie from the same origin.
      expect(
        (await inject("PATCH", "/api/account", "http://pets.localhost", { first_name: "Janet" }))
          .statusCode,
      ).toBe(200);
      const guest = visitor();
      await guest.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
      const guestCookie = `sf_session=${guest.cookies.get("sf_session")}`;
      const crossGuest = await t.app.inject({
        method: "POST",
        url: "/api/cart/items",
        headers: { host: PETS, cookie: guestCookie, origin: "http://evil.example" },
        payload: { sku: "EAT-1", quantity: 1 },
      });
      expectError(crossGuest, 403, "forbidden", M.crossSite);
      // Without any session cookie there is nothing to abuse: a first add from anywhere works.
      const fresh = await t.app.inject({
        method: "POST",
        url: "/api/cart/items",
        headers: { host: PETS, origin: "http://evil.example" },
        payload: { sku: "EAT-1", quantity: 1 },
      });
      expect(fresh.statusCode).toBe(200);
      // Reads are never refused.
      const read = await t.app.inject({
        url: "/api/cart",
        headers: { host: PETS, cookie: guestCookie, origin: "http://evil.example" },
      });
      expect(read.statusCode).toBe(200);
    });

    it("is listed in the OpenAPI document under the accounts tag", async () => {
      const doc = (await t.app.inject({ url: "/api/openapi.json" })).json();
      for (const path of [
        "/v2/auth/login",
        "/v2/auth/register",
        "/v2/auth/register/confirm",
        "/v2/auth/status",
        "/auth/logout",
        "/auth/request_password_reset",
        "/auth/reset_password",
        "/api/account",
      ]) {
        expect(doc.paths[path], path).toBeDefined();
        const operations = Object.values(doc.paths[path]) as { tags?: string[] }[];
        for (const op of operations) expect(op.tags).toEqual(["accounts"]);
      }
      expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain("accounts");
    });
  });
});
