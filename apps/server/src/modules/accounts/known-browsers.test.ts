import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser, expectError, mailedToken, PETS, sha256 } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { trustedDevices } from "../../db/schema.ts";
import { accountsTestHelpers } from "./accounts-test-helpers.ts";

describe("accounts API", () => {
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 });
  const { visitor, signIn, registered } = accountsTestHelpers(() => t);

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
});
