import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  argon2Parameters,
  createUser,
  DEMO,
  expectError,
  HEMP_STORE,
  PET_STORE,
  PETS,
  sha256,
  uniqueEmail,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { sessions, users } from "../../db/schema.ts";
import { accountsTestHelpers } from "./accounts-test-helpers.ts";
import { passwords } from "./passwords.ts";

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

describe("accounts API", () => {
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const { visitor, signIn, registered } = accountsTestHelpers(() => t);

  async function sessionRows(userId: string) {
    return t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  }

  describe("POST /v2/auth/login", () => {
    it("signs the demo account in with the spec's user fields and an HttpOnly, SameSite=Lax cookie", async () => {
      const v = visitor();
      const res = await v.post("/v2/auth/login", { ...DEMO, store_id: PET_STORE });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        user: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          email: "demo@pawsome.test",
          firstName: "Riley",
          lastName: "Morgan",
          customerId: body.user.id,
          userType: "customer",
          points_balance: 120,
          birthday: "1988-04-12",
          discountCode: "RILEYPAWS",
          discountPercentage: 10,
          events_triggered: [],
        },
        cartMerge: { merged: 0, notMerged: [] },
      });
      const cookie = res.cookies.find((c) => c.name === "sf_auth");
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        maxAge: THIRTY_DAYS_S,
      });
      expect(cookie?.secure).toBeUndefined();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.headers["cache-control"]).toBe("no-store");

      // The server keeps the token's SHA-256, never the token.
      const rows = await sessionRows(body.user.id);
      const token = cookie?.value ?? "";
      expect(rows.map((r) => r.tokenHash)).toContain(sha256(token));
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
      const mine = rows.find((r) => r.tokenHash === sha256(token));
      expect(mine?.storeId).toBe(PET_STORE);
      expect(mine?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (THIRTY_DAYS_S - 60) * 1000);
    });

    it("trims and lower-cases the email at sign-in", async () => {
      const res = await visitor().post("/v2/auth/login", {
        email: "  Demo@Pawsome.TEST ",
        password: DEMO.password,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe("demo@pawsome.test");
    });

    it("answers 401 with the spec's text to an unknown email and to a wrong password alike", async () => {
      const verify = vi.spyOn(passwords, "verify");
      const unknown = await visitor().post("/v2/auth/login", {
        email: "nobody@example.com",
        password: "whatever it is",
        store_id: PET_STORE,
      });
      const wrong = await visitor().post("/v2/auth/login", {
        email: DEMO.email,
        password: "not the password",
        store_id: PET_STORE,
      });
      for (const res of [unknown, wrong]) {
        expectError(res, 401, "unauthorized", M.loginFailed);
        expect(res.headers["set-cookie"]).toBeUndefined();
      }
      expect(unknown.json()).toEqual(wrong.json());
      expect(unknown.json()).toEqual({ error: { code: "unauthorized", message: M.loginFailed } });
      // The unknown email was checked against a (dummy) argon2 hash too: the same work, similar time.
      expect(verify).toHaveBeenCalledTimes(2);
      const [dummyHash] = verify.mock.calls[0] ?? [];
      expect(argon2Parameters(dummyHash ?? "").algorithm).toBe("argon2id");
    });

    it("issues a new session token at each sign-in, and the old one stops working", async () => {
      const user = await createUser(t.database.db);
      const v = visitor();
      // A token planted before sign-in (session fixation) is never adopted.
      const planted = "P".repeat(43);
      v.cookies.set("sf_auth", planted);
      await signIn(v, user.email);
      const first = v.cookies.get("sf_auth") ?? "";
      expect(first).not.toBe(planted);

      const copy = visitor();
      copy.cookies.set("sf_auth", first);
      expect((await copy.get("/v2/auth/status")).json().isLoggedIn).toBe(true);

      await signIn(v, user.email);
      const second = v.cookies.get("sf_auth") ?? "";
      expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second).not.toBe(first);
      expect((await v.get("/v2/auth/status")).json().isLoggedIn).toBe(true);
      const stale = await copy.get("/v2/auth/status");
      expect(stale.json()).toEqual({ isLoggedIn: false, user: null });
      // The stale cookie is cleared.
      expect(stale.cookies.find((c) => c.name === "sf_auth")?.value).toBe("");
      expect((await sessionRows(user.id)).map((s) => s.tokenHash)).toEqual([sha256(second)]);

      // Registration rotates too: a visitor signed in as someone else gets a new token.
      const other = visitor();
      other.cookies.set("sf_auth", second);
      await registered(other);
      expect(other.cookies.get("sf_auth")).not.toBe(second);
      expect((await v.get("/v2/auth/status")).json().isLoggedIn).toBe(false);
    });

    it("marks the session cookie Secure when the visitor came over https", async () => {
      const user = await createUser(t.database.db);
      const v = visitor(PETS, { "x-forwarded-proto": "https" });
      const res = await signIn(v, user.email);
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "sf_auth")?.secure).toBe(true);
      const out = await v.post("/auth/logout", {});
      expect(out.cookies.find((c) => c.name === "sf_auth")?.secure).toBe(true);
    });

    it("lets the owner in from a browser they signed in from before while guessers are locked out", async () => {
      const user = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      // The owner's own browser, from an earlier visit.
      const owner = visitor();
      expect((await signIn(owner, user.email)).statusCode).toBe(200);
      expect(owner.cookies.get("sf_device")).toBeDefined();
      await owner.post("/auth/logout", {});
      // Someone else's browser, signed in to another account (its device cookie names that one).
      const neighbour = visitor();
      expect((await signIn(neighbour, other.email)).statusCode).toBe(200);
      await neighbour.post("/auth/logout", {});
      // A guesser uses up the account's failures from elsewhere.
      for (let i = 0; i < 10; i++) {
        expect((await signIn(visitor(), user.email, `wrong ${i}`)).statusCode).toBe(401);
      }
      expect((await signIn(visitor(), user.email)).statusCode).toBe(429);
      // Another account's device cookie and a forged one do not help.
      expect((await signIn(neighbour, user.email)).statusCode).toBe(429);
      const forger = visitor();
      forger.cookies.set("sf_device", `${user.id}:x.forged-signature`);
      expect((await signIn(forger, user.email)).statusCode).toBe(429);
      // The owner's browser still needs the right password...
      expectError(
        await signIn(owner, user.email, "wrong again"),
        401,
        "unauthorized",
        M.loginFailed,
      );
      // ...and with it, gets in.
      const back = await signIn(owner, user.email);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().user.email).toBe(user.email);
    });

    it("limits failed sign-ins to 10 per account in 15 minutes, so the 11th try is a 429", async () => {
      const user = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      for (let i = 0; i < 10; i++) {
        // From different IPs: the per-account limit is not the per-IP one.
        expectError(
          await signIn(visitor(), user.email, `wrong ${i}`),
          401,
          "unauthorized",
          M.loginFailed,
        );
      }
      // Now even the right password waits: guessing has to stop.
      const limited = await signIn(visitor(), user.email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        message: M.tooManyRequests,
        error: { code: "rate_limited", message: M.tooManyRequests },
      });
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
      // Another account is not affected.
      expect((await signIn(visitor(), other.email)).statusCode).toBe(200);
    });

    it("clears an account's failures when it signs in", async () => {
      const user = await createUser(t.database.db);
      for (let i = 0; i < 9; i++) await signIn(visitor(), user.email, `wrong ${i}`);
      expect((await signIn(visitor(), user.email)).statusCode).toBe(200);
      for (let i = 0; i < 9; i++) {
        expect((await signIn(visitor(), user.email, `wrong again ${i}`)).statusCode).toBe(401);
      }
    });

    it("limits sign-ins per IP to 50 in 15 minutes", async () => {
      const v = visitor();
      for (let i = 0; i < 50; i++) {
        const res = await v.post("/v2/auth/login", {
          email: uniqueEmail("guess"),
          password: "guessing",
        });
        expect(res.statusCode).toBe(401);
      }
      const limited = await v.post("/v2/auth/login", DEMO);
      expectError(limited, 429, "rate_limited", M.tooManyRequests);
      // Another address still signs in.
      expect((await visitor().post("/v2/auth/login", DEMO)).statusCode).toBe(200);
    });
  });

  describe("GET /v2/auth/status", () => {
    it("answers the spec's status fields signed out and signed in", async () => {
      const v = visitor();
      const out = await v.get(`/v2/auth/status?store_id=${PET_STORE}`);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ isLoggedIn: false, user: null });
      expect(out.headers["cache-control"]).toBe("no-store");

      await v.post("/v2/auth/login", DEMO);
      const signedIn = await v.get(`/v2/auth/status?store_id=${PET_STORE}`);
      expect(signedIn.json()).toEqual({
        isLoggedIn: true,
        user: {
          email: "demo@pawsome.test",
          id: expect.any(String),
          first_name: "Riley",
          last_name: "Morgan",
          userType: "customer",
          points_balance: 120,
          birthday: "1988-04-12",
          discountCode: "RILEYPAWS",
          discountPercentage: 10,
          commission_percentage: 10,
          commission_amount: 4_500,
          events_triggered: [],
        },
      });
      // Without store_id the Host decides; with the wrong one it is refused.
      expect((await v.get("/v2/auth/status")).json().isLoggedIn).toBe(true);
      expectError(
        await v.get(`/v2/auth/status?store_id=${HEMP_STORE}`),
        400,
        "invalid",
        M.storeMismatch,
      );
    });
  });

  describe("POST /auth/logout", () => {
    it("answers 200 {success:true}, ends the session on the server and clears the cookie", async () => {
      const v = visitor();
      const { res } = await registered(v);
      const token = v.cookies.get("sf_auth") ?? "";
      const userId = res.json().user.id;
      expect(await sessionRows(userId)).toHaveLength(1);

      // The spec's client sends an empty body with a JSON content type.
      const out = await t.app.inject({
        method: "POST",
        url: "/auth/logout",
        headers: { host: PETS, cookie: `sf_auth=${token}`, "content-type": "application/json" },
      });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      const cleared = out.cookies.find((c) => c.name === "sf_auth");
      expect(cleared?.value).toBe("");
      expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
      expect(await sessionRows(userId)).toHaveLength(0);

      // The old token is worth nothing now, even if a copy was kept.
      expect((await v.get("/v2/auth/status")).json()).toEqual({ isLoggedIn: false, user: null });
      expect((await v.get("/api/account")).statusCode).toBe(401);
      // Signing out again, or without a session, is still a success.
      expect((await visitor().post("/auth/logout", {})).json()).toEqual({ success: true });
      const noBody = await t.app.inject({
        method: "POST",
        url: "/auth/logout",
        headers: { host: PETS },
      });
      expect(noBody.statusCode).toBe(200);
    });
  });

  describe("sessions", () => {
    it("ends an account's sessions when the account is deleted", async () => {
      const user = await createUser(t.database.db);
      await signIn(visitor(), user.email);
      await t.database.db
        .delete(users)
        .where(and(eq(users.id, user.id), eq(users.storeId, PET_STORE)));
      expect(await sessionRows(user.id)).toEqual([]);
    });
  });
});
