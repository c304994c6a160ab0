import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  argon2Parameters,
  createUser,
  expectError,
  HEMP,
  outboxTo,
  PET_STORE,
  registration,
  sha256,
  uniqueEmail,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { pendingRegistrations, users } from "../../db/schema.ts";
import { accountsTestHelpers } from "./accounts-test-helpers.ts";
import { passwords } from "./passwords.ts";

describe("accounts API", () => {
  // Trusting X-Forwarded-Proto lets a test ask as if over https (the Secure cookie flag).
  const t = useTestApp({ trustProxy: 1 });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const { visitor, signIn, registered, confirmationToken } = accountsTestHelpers(() => t);

  /** The mail written to the outbox for `email` since the test began (after the background). */
  async function mailsTo(email: string) {
    await t.app.background.idle();
    return outboxTo(t.database.db, email);
  }

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
});
