import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  argon2Parameters,
  createUser,
  DEMO,
  expectError,
  HEMP,
  HEMP_STORE,
  mailedToken,
  outboxTo,
  PET_STORE,
  PETS,
  registerAccount,
  registration,
  sha256,
  TEST_PASSWORD,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import {
  outbox,
  passwordResetTokens,
  pendingRegistrations,
  sessions,
  trustedDevices,
  users,
} from "../../db/schema.ts";
import { passwords } from "./passwords.ts";

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

describe("accounts API", () => {
  let t: TestApp;
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: 1 });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const visitor = (host = PETS, headers: Record<string, string> = {}) =>
    visitorWithOwnIp(t.app, host, headers);

  const signIn = (v: Visitor, email: string, password = TEST_PASSWORD) =>
    v.post("/v2/auth/login", { email, password, store_id: PET_STORE });

  /** Registers and confirms as `v` (signed in afterwards); `res` is the confirmation's answer. */
  const registered = (v: Visitor, values: Record<string, unknown> = {}) =>
    registerAccount(t.app, t.database.db, v, { store_id: PET_STORE, ...values });

  /** The confirmation link's token mailed to `email`. */
  const confirmationToken = (email: string) =>
    mailedToken(t.app, t.database.db, email, "/account/confirm");

  /** The mail written to the outbox for `email` since the test began (after the background). */
  async function mailsTo(email: string) {
    await t.app.background.idle();
    return outboxTo(t.database.db, email);
  }

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

  describe("known browsers (the sf_device cookie) and the account's sign-in limit", () => {
    const SIX_MONTHS_S = 180 * 24 * 60 * 60;

    /** Ten wrong passwords from ten addresses: the account is at its limit for everyone else. */
    async function guessTenTimes(email: string) {
      for (let i = 0; i < 10; i++) {
        expectError(
          await signIn(visitor(), email, `guess ${i}`),
          401,
          "unauthorized",
          M.loginFailed,
        );
      }
    }

    it("lets the owner's browser sign in with the right password after someone else's 11 failed guesses", async () => {
      const user = await createUser(t.database.db);
      const owner = visitor(PETS, { "x-forwarded-proto": "https" });
      const first = await signIn(owner, user.email);
      expect(first.statusCode).toBe(200);
      const cookie = first.cookies.find((c) => c.name === "sf_device");
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: "Lax",
        path: "/",
        secure: true,
        maxAge: SIX_MONTHS_S,
      });
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Stored as its SHA-256, for this account.
      const [row] = await t.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.userId, user.id));
      expect(row?.tokenHash).toBe(sha256(cookie?.value ?? ""));
      // The device cookie outlives signing out.
      await owner.post("/auth/logout", {});
      expect(owner.cookies.has("sf_auth")).toBe(false);
      expect(owner.cookies.get("sf_device")).toBe(cookie?.value);

      // An attacker guesses from many addresses: the 11th try is the lockout.
      await guessTenTimes(user.email);
      expectError(
        await signIn(visitor(), user.email, "guess 11"),
        429,
        "rate_limited",
        M.tooManyRequests,
      );
      // The owner without the cookie (another browser) is locked out too, even with the password...
      expectError(await signIn(visitor(), user.email), 429, "rate_limited", M.tooManyRequests);
      // ...but the owner's browser signs in, and gets a new device token in place of the old one.
      const again = await signIn(owner, user.email);
      expect(again.statusCode, again.body).toBe(200);
      expect((await owner.get("/v2/auth/status")).json().isLoggedIn).toBe(true);
      const rotated = owner.cookies.get("sf_device") ?? "";
      expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rotated).not.toBe(cookie?.value);
      const rows = await t.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.userId, user.id));
      expect(rows.map((r) => r.tokenHash)).toEqual([sha256(rotated)]);
      // The owner's success does not reopen the account to the guesser.
      expectError(
        await signIn(visitor(), user.email, "guess 12"),
        429,
        "rate_limited",
        M.tooManyRequests,
      );
      // A copy of the replaced token is no longer a known browser.
      const copy = visitor();
      copy.cookies.set("sf_device", cookie?.value ?? "");
      expectError(await signIn(copy, user.email), 429, "rate_limited", M.tooManyRequests);
    });

    it("counts a known browser's wrong passwords on that browser, not against the account", async () => {
      const user = await createUser(t.database.db);
      const owner = visitor();
      await signIn(owner, user.email);
      for (let i = 0; i < 10; i++) {
        expect((await signIn(owner, user.email, `typo ${i}`)).statusCode).toBe(401);
      }
      // That browser is now at its own limit...
      expectError(await signIn(owner, user.email), 429, "rate_limited", M.tooManyRequests);
      // ...while the account is not: another browser signs in.
      expect((await signIn(visitor(), user.email)).statusCode).toBe(200);
    });

    it("gives no way past the limit to another account's device cookie or a forged one", async () => {
      const victim = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      const otherBrowser = visitor();
      await signIn(otherBrowser, other.email);
      const otherDevice = otherBrowser.cookies.get("sf_device") ?? "";
      expect(otherDevice).not.toBe("");
      await guessTenTimes(victim.email);

      for (const forged of [otherDevice, "F".repeat(43), "not a token", ""]) {
        const v = visitor();
        v.cookies.set("sf_device", forged);
        const res = await signIn(v, victim.email);
        expectError(res, 429, "rate_limited", M.tooManyRequests);
        expect(res.cookies.find((c) => c.name === "sf_auth")).toBeUndefined();
      }
      // The other account's browser still signs in to its own account.
      expect((await signIn(otherBrowser, other.email)).statusCode).toBe(200);
    });

    it("forgets every known browser of an account when its password is reset", async () => {
      const user = await createUser(t.database.db);
      const owner = visitor();
      await signIn(owner, user.email);
      await visitor().post("/auth/request_password_reset", { email: user.email });
      const token = await mailedToken(t.app, t.database.db, user.email, "/account/reset-password");
      const newPassword = "a newly chosen passphrase";
      expect(
        (await visitor().post("/auth/reset_password", { newPassword, token })).statusCode,
      ).toBe(200);
      expect(
        await t.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, user.id)),
      ).toEqual([]);
      await guessTenTimes(user.email);
      expectError(
        await signIn(owner, user.email, newPassword),
        429,
        "rate_limited",
        M.tooManyRequests,
      );
    });

    it("makes the browser that opens a confirmation link a known browser of the new account", async () => {
      const v = visitor();
      const { email, res } = await registered(v);
      expect(res.cookies.find((c) => c.name === "sf_device")?.httpOnly).toBe(true);
      await v.post("/auth/logout", {});
      await guessTenTimes(email);
      expect((await signIn(v, email, "a garden of herbs")).statusCode).toBe(200);
    });

    it("keeps an account's 20 most recently used browsers", async () => {
      const user = await createUser(t.database.db);
      const browsers = [];
      for (let i = 0; i < 21; i++) {
        const v = visitor();
        expect((await signIn(v, user.email)).statusCode).toBe(200);
        browsers.push(v);
      }
      const rows = await t.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.userId, user.id));
      expect(rows).toHaveLength(20);
      const kept = new Set(rows.map((r) => r.tokenHash));
      expect(kept.has(sha256(browsers[0]?.cookies.get("sf_device") ?? ""))).toBe(false);
      expect(kept.has(sha256(browsers[20]?.cookies.get("sf_device") ?? ""))).toBe(true);
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

  describe("POST /v2/auth/register and /v2/auth/register/confirm", () => {
    it("answers 202 and mails a link that creates the account, signs in and gives a personal discount code", async () => {
      const v = visitor();
      const email = uniqueEmail("New.Shopper");
      const res = await v.post("/v2/auth/register", {
        email: `  ${email.toUpperCase()} `,
        password: "a garden of herbs",
        first_name: " José ",
        last_name: "Álvarez",
        birthday: "1990-05-17",
        store_id: PET_STORE,
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ success: true, message: M.registrationRequested });
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.headers["cache-control"]).toBe("no-store");
      // No account yet: it exists once the link is opened.
      await t.app.background.idle();
      const lower = email.toLowerCase();
      expect(await t.database.db.select().from(users).where(eq(users.email, lower))).toEqual([]);
      expect((await v.get("/v2/auth/status")).json().isLoggedIn).toBe(false);

      const [mail] = await mailsTo(lower);
      expect(mail?.subject).toBe("Confirm your email for Pawsome Herbals");
      expect(mail?.text).toContain("Hello José,");
      expect(mail?.text).toContain("within the next 24 hours");
      const link = /http:\/\/pets\.localhost\/account\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(
        mail?.text ?? "",
      );
      expect(link, mail?.text).not.toBeNull();
      const token = link?.[1] ?? "";
      expect(mail?.html).toContain(`/account/confirm?token=${token}`);
      // The pending registration keeps the token's SHA-256 and an argon2id hash, for 24 hours.
      const [pending] = await t.database.db
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.email, lower));
      expect(pending?.tokenHash).toBe(sha256(token));
      expect(argon2Parameters(pending?.passwordHash ?? "").algorithm).toBe("argon2id");
      const lifetime = (pending?.expiresAt.getTime() ?? 0) - (pending?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 24 * 60 * 60 * 1000)).toBeLessThan(5_000);

      const confirmed = await v.post("/v2/auth/register/confirm", { token, store_id: PET_STORE });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({
        user: {
          id: expect.any(String),
          email: lower,
          firstName: "José",
          lastName: "Álvarez",
          customerId: confirmed.json().user.id,
          userType: "customer",
          points_balance: 0,
          birthday: "1990-05-17",
          discountCode: expect.stringMatching(/^JOSE[A-HJ-NP-Z2-9]{4}$/),
          discountPercentage: 10,
          events_triggered: [],
        },
        cartMerge: { merged: 0, notMerged: [] },
      });
      expect(confirmed.cookies.find((c) => c.name === "sf_auth")?.httpOnly).toBe(true);
      const status = (await v.get("/v2/auth/status")).json();
      expect(status).toMatchObject({
        isLoggedIn: true,
        user: { email: lower, commission_percentage: null, commission_amount: 0 },
      });
      // The pending row is gone, and the password typed at registration signs in.
      expect(
        await t.database.db
          .select()
          .from(pendingRegistrations)
          .where(eq(pendingRegistrations.email, lower)),
      ).toEqual([]);
      expect((await signIn(visitor(), lower, "a garden of herbs")).statusCode).toBe(200);
      // Without a birthday, it is null.
      const { res: plain } = await registered(visitor());
      expect(plain.json().user.birthday).toBeNull();
    });

    it("answers an email that has an account exactly like a new one, after the same hashing, and mails the owner instead", async () => {
      const owner = await createUser(t.database.db, { firstName: "Olive" });
      const fresh = uniqueEmail("fresh");
      const hash = vi.spyOn(passwords, "hash");
      const existing = await visitor().post(
        "/v2/auth/register",
        registration({ email: owner.email.toUpperCase(), first_name: "Mallory" }),
      );
      const brandNew = await visitor().post("/v2/auth/register", registration({ email: fresh }));
      for (const res of [existing, brandNew]) {
        expect(res.statusCode).toBe(202);
        expect(res.headers["set-cookie"]).toBeUndefined();
      }
      expect(existing.body).toBe(brandNew.body);
      expect(Object.keys(existing.headers).sort()).toEqual(Object.keys(brandNew.headers).sort());
      // The password was hashed on both paths: the same work before the answer.
      expect(hash).toHaveBeenCalledTimes(2);

      // The owner is told, with the sign-in and reset links, and the account is unchanged.
      const [note] = await mailsTo(owner.email);
      expect(note?.subject).toBe(
        "Someone tried to create a Pawsome Herbals account with your email",
      );
      expect(note?.text).toContain("Hello Olive,");
      expect(note?.text).toContain("http://pets.localhost/account/sign-in");
      expect(note?.text).toContain("http://pets.localhost/account/sign-in?view=forgot");
      expect(note?.text).not.toContain("/account/confirm");
      expect(note?.text).not.toContain("Mallory");
      expect((await signIn(visitor(), owner.email)).statusCode).toBe(200);
      expect(
        await t.database.db
          .select()
          .from(pendingRegistrations)
          .where(eq(pendingRegistrations.email, owner.email)),
      ).toEqual([]);
      // The new email received its confirmation link.
      expect((await mailsTo(fresh))[0]?.subject).toBe("Confirm your email for Pawsome Herbals");
    });

    it("signs in once per link: a used, expired, unknown or other store's link is refused with a clear message", async () => {
      const v = visitor();
      const body = registration();
      expect((await v.post("/v2/auth/register", body)).statusCode).toBe(202);
      const token = await confirmationToken(body.email);
      expect((await v.post("/v2/auth/register/confirm", { token })).statusCode).toBe(200);
      // Reused: in the same browser or another.
      for (const again of [v, visitor()]) {
        const res = await again.post("/v2/auth/register/confirm", { token });
        expectError(res, 400, "invalid", M.confirmInvalid);
        expect(res.cookies.find((c) => c.name === "sf_auth")).toBeUndefined();
      }

      // Expired.
      const late = registration();
      await visitor().post("/v2/auth/register", late);
      const lateToken = await confirmationToken(late.email);
      await t.database.db
        .update(pendingRegistrations)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(pendingRegistrations.tokenHash, sha256(lateToken)));
      expectError(
        await visitor().post("/v2/auth/register/confirm", { token: lateToken }),
        400,
        "invalid",
        M.confirmInvalid,
      );
      expect(await t.database.db.select().from(users).where(eq(users.email, late.email))).toEqual(
        [],
      );

      // Unknown or malformed tokens, and a pet store link opened on the hemp store's host.
      for (const bad of ["A".repeat(43), "not-a-token", "x".repeat(512)]) {
        expectError(
          await visitor().post("/v2/auth/register/confirm", { token: bad }),
          400,
          "invalid",
          M.confirmInvalid,
        );
      }
      expectError(
        await visitor().post("/v2/auth/register/confirm", {}),
        400,
        "invalid",
        `token: ${M.confirmTokenRequired}`,
      );
      const elsewhere = registration();
      await visitor().post("/v2/auth/register", elsewhere);
      const petToken = await confirmationToken(elsewhere.email);
      expectError(
        await visitor(HEMP).post("/v2/auth/register/confirm", { token: petToken }),
        400,
        "invalid",
        M.confirmInvalid,
      );
      expect(
        (await visitor().post("/v2/auth/register/confirm", { token: petToken })).statusCode,
      ).toBe(200);
    });

    it("answers the usual 401 to a sign-in before the email is confirmed, and the first link opened ends the others", async () => {
      const body = registration();
      await visitor().post("/v2/auth/register", body);
      const first = await confirmationToken(body.email);
      expectError(
        await signIn(visitor(), body.email, body.password),
        401,
        "unauthorized",
        M.loginFailed,
      );
      // Registering again (a lost mail) sends a second link; either one works, then neither.
      await visitor().post("/v2/auth/register", { ...body, first_name: "Janet" });
      const second = await confirmationToken(body.email);
      expect(second).not.toBe(first);
      const confirmed = await visitor().post("/v2/auth/register/confirm", { token: second });
      expect(confirmed.json().user.firstName).toBe("Janet");
      expectError(
        await visitor().post("/v2/auth/register/confirm", { token: first }),
        400,
        "invalid",
        M.confirmInvalid,
      );
      expect((await signIn(visitor(), body.email, body.password)).statusCode).toBe(200);
      // Registering the now existing email mails the owner instead of a new link.
      await visitor().post("/v2/auth/register", body);
      const mails = await mailsTo(body.email);
      expect(mails.map((m) => m.subject)).toEqual([
        "Confirm your email for Pawsome Herbals",
        "Confirm your email for Pawsome Herbals",
        "Someone tried to create a Pawsome Herbals account with your email",
      ]);
    });

    it("answers 409 to a link whose email has meanwhile got an account, and creates nothing", async () => {
      const body = registration();
      await visitor().post("/v2/auth/register", body);
      const token = await confirmationToken(body.email);
      // The account came about another way (a store admin, an import) before the link was opened.
      const made = await createUser(t.database.db, { email: body.email, firstName: "Earlier" });
      const res = await visitor().post("/v2/auth/register/confirm", { token });
      expectError(res, 409, "conflict", M.emailTaken);
      expect(res.cookies.find((c) => c.name === "sf_auth")).toBeUndefined();
      const rows = await t.database.db.select().from(users).where(eq(users.email, body.email));
      expect(rows.map((r) => r.id)).toEqual([made.id]);
      // The link is spent.
      expectError(
        await visitor().post("/v2/auth/register/confirm", { token }),
        400,
        "invalid",
        M.confirmInvalid,
      );
    });

    it("limits registrations per email to 5 an hour, whether or not it has an account", async () => {
      const owner = await createUser(t.database.db);
      for (const email of [owner.email, uniqueEmail()]) {
        for (let i = 0; i < 5; i++) {
          expect(
            (await visitor().post("/v2/auth/register", registration({ email }))).statusCode,
          ).toBe(202);
        }
        expectError(
          await visitor().post("/v2/auth/register", registration({ email })),
          429,
          "rate_limited",
          M.tooManyRequests,
        );
        expect(await mailsTo(email)).toHaveLength(5);
      }
    });

    it("checks the fields with the domain's messages and refuses unknown fields", async () => {
      const base = {
        email: uniqueEmail(),
        password: "a garden of herbs",
        first_name: "Jane",
        last_name: "Doe",
      };
      const v = visitor();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, password: "short12" }, `password: ${M.passwordTooShort}`],
        [{ ...base, password: "password123" }, `password: ${M.passwordCommon}`],
        [{ ...base, password: "qwertyuiop" }, `password: ${M.passwordCommon}`],
        [{ ...base, password: "x".repeat(257) }, `password: ${M.passwordTooLong}`],
        [{ ...base, email: "not-an-email" }, `email: ${M.emailInvalid}`],
        [{ ...base, first_name: "  " }, `first_name: ${M.firstNameRequired}`],
        [{ ...base, last_name: undefined }, `last_name: ${M.lastNameRequired}`],
        [{ ...base, birthday: "1990-02-30" }, `birthday: ${M.birthdayInvalid}`],
        [{ ...base, birthday: "2999-01-01" }, `birthday: ${M.birthdayFuture}`],
      ];
      for (const [body, message] of cases) {
        expectError(await v.post("/v2/auth/register", body), 400, "invalid", message);
      }
      const extra = await v.post("/v2/auth/register", { ...base, userType: "admin" });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().error.code).toBe("invalid");
      expect(await t.database.db.select().from(users).where(eq(users.email, base.email))).toEqual(
        [],
      );
      // 64 and 256 characters are accepted.
      for (const length of [64, 256]) {
        const { res } = await registered(visitor(), { password: `${"p".repeat(length - 4)}!x9Q` });
        expect(res.statusCode).toBe(200);
      }
    });

    it("stores an argon2id hash (19 MiB or more, 2 passes or more) and never the password", async () => {
      const { email } = await registered(visitor(), { password: "a garden of herbs" });
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      const hash = row?.passwordHash ?? "";
      expect(hash).not.toContain("a garden of herbs");
      const params = argon2Parameters(hash);
      expect(params.algorithm).toBe("argon2id");
      expect(params.version).toBe(19);
      expect(params.memoryKiB).toBeGreaterThanOrEqual(19_456);
      expect(params.passes).toBeGreaterThanOrEqual(2);
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

  describe("POST /auth/request_password_reset and /auth/reset_password", () => {
    it("gives the same answer either way and mails one link whose token is hashed and single-use", async () => {
      const user = await createUser(t.database.db, { firstName: "Robin" });
      const signedIn = visitor();
      await signIn(signedIn, user.email);

      const v = visitor();
      const before = await t.database.db.select().from(outbox);
      const known = await v.post("/auth/request_password_reset", {
        email: ` ${user.email.toUpperCase()}`,
        store_id: PET_STORE,
      });
      const unknown = await visitor().post("/auth/request_password_reset", {
        email: uniqueEmail("nobody"),
        store_id: PET_STORE,
      });
      for (const res of [known, unknown]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, message: M.resetRequested });
      }
      await t.app.background.idle();
      const mails = (await t.database.db.select().from(outbox)).filter(
        (m) => !before.some((b) => b.id === m.id),
      );
      // Only the account's email received a message.
      expect(mails.map((m) => m.to)).toEqual([user.email]);
      const [mail] = mails;
      expect(mail).toMatchObject({
        storeId: PET_STORE,
        from: '"Pawsome Herbals" <no-reply@localhost>',
      });
      expect(mail?.subject).toBe("Reset your Pawsome Herbals password");
      const link =
        /http:\/\/pets\.localhost\/account\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
          mail?.text ?? "",
        );
      expect(link, mail?.text).not.toBeNull();
      const token = link?.[1] ?? "";
      expect(mail?.html).toContain(`/account/reset-password?token=${token}`);

      // Stored as SHA-256, expiring in an hour.
      const [stored] = await t.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id));
      expect(stored?.tokenHash).toBe(sha256(token));
      const lifetime = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5_000);

      const reset = await v.post("/auth/reset_password", {
        newPassword: "a brand new passphrase",
        token,
        store_id: PET_STORE,
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ success: true });
      // The new password works, the old one does not, and sessions from before have ended.
      expect((await signIn(visitor(), user.email, "a brand new passphrase")).statusCode).toBe(200);
      expectError(await signIn(visitor(), user.email), 401, "unauthorized", M.loginFailed);
      expect((await signedIn.get("/v2/auth/status")).json().isLoggedIn).toBe(false);
      // The link works once.
      expectError(
        await v.post("/auth/reset_password", { newPassword: "yet another passphrase", token }),
        400,
        "invalid",
        M.resetInvalid,
      );
    });

    it("refuses an expired, unknown or malformed reset token with the same message", async () => {
      const user = await createUser(t.database.db);
      await visitor().post("/auth/request_password_reset", { email: user.email });
      await t.app.background.idle();
      const [mail] = await outboxTo(t.database.db, user.email);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
      expect(token).not.toBe("");
      await t.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      for (const bad of [token, "A".repeat(43), "not-a-token", "x".repeat(512)]) {
        expectError(
          await visitor().post("/auth/reset_password", {
            newPassword: "a fine new phrase",
            token: bad,
          }),
          400,
          "invalid",
          M.resetInvalid,
        );
      }
      // A reset token of one store does nothing on another store's host.
      await visitor().post("/auth/request_password_reset", { email: user.email });
      await t.app.background.idle();
      const mails = await outboxTo(t.database.db, user.email);
      const fresh = /token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? "")?.[1] ?? "";
      expectError(
        await visitor(HEMP).post("/auth/reset_password", {
          newPassword: "a fine new phrase",
          token: fresh,
        }),
        400,
        "invalid",
        M.resetInvalid,
      );
      // The new password is judged like a registration's.
      expectError(
        await visitor().post("/auth/reset_password", { newPassword: "12345678", token: fresh }),
        400,
        "invalid",
        `newPassword: ${M.passwordCommon}`,
      );
      expect(
        (
          await visitor().post("/auth/reset_password", {
            newPassword: "a fine new phrase",
            token: fresh,
          })
        ).statusCode,
      ).toBe(200);
    });

    it("links to the store's own domain when the Host is not one of its domains", async () => {
      const user = await createUser(t.database.db);
      // A forged Host falls back to the default store; the link must not point at the forger.
      await t.app.inject({
        method: "POST",
        url: "/auth/request_password_reset",
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
        payload: { email: user.email },
        remoteAddress: "10.99.0.1",
      });
      await t.app.background.idle();
      const [mail] = await outboxTo(t.database.db, user.email);
      expect(mail?.text).toContain("http://pets.localhost/account/reset-password?token=");
      expect(mail?.text).not.toContain("evil.example");
    });

    it("limits reset requests per email (5 an hour) with the spec's 429 answer, and per IP", async () => {
      const user = await createUser(t.database.db);
      for (let i = 0; i < 5; i++) {
        expect(
          (await visitor().post("/auth/request_password_reset", { email: user.email })).statusCode,
        ).toBe(200);
      }
      const limited = await visitor().post("/auth/request_password_reset", {
        email: user.email,
        store_id: PET_STORE,
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        success: false,
        message: "Too many requests. Please try again after some time",
        error: {
          code: "rate_limited",
          message: "Too many requests. Please try again after some time",
        },
      });
      await t.app.background.idle();
      expect(await outboxTo(t.database.db, user.email)).toHaveLength(5);

      const v = visitor();
      for (let i = 0; i < 20; i++) {
        expect(
          (await v.post("/auth/request_password_reset", { email: uniqueEmail() })).statusCode,
        ).toBe(200);
      }
      expectError(
        await v.post("/auth/request_password_reset", { email: uniqueEmail() }),
        429,
        "rate_limited",
        M.tooManyRequests,
      );
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
