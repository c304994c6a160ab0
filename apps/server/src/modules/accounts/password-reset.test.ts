import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  expectError,
  HEMP,
  outboxTo,
  PET_STORE,
  sha256,
  uniqueEmail,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { outbox, passwordResetTokens } from "../../db/schema.ts";
import { accountsTestHelpers } from "./accounts-test-helpers.ts";

describe("accounts API", () => {
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 });
  const { visitor, signIn } = accountsTestHelpers(() => t);

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
});
