import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import {
  createUser,
  outboxTo,
  PET_STORE,
  PETS,
  registration,
  signIn,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { parseMail, useSmtpTestApp } from "../../../test/smtp.ts";
import { SmtpMailer } from "../../lib/mailer.ts";
import { StoreMailer } from "../stores/mail.ts";

describe("account mail over SMTP", () => {
  const { t, smtp } = useSmtpTestApp({ mailFrom: "Pawsome Herbals <hello@pawsome.test>" });

  it("sends the reset link to a real SMTP server; the link's token resets the password", async () => {
    expect(t.app.mailer).toBeInstanceOf(StoreMailer);
    expect((t.app.mailer as StoreMailer).inner).toBeInstanceOf(SmtpMailer);
    const user = await createUser(t.database.db, { firstName: "Avery" });
    const arrival = smtp.next();
    const v = visitorWithOwnIp(t.app, `${PETS}:3000`);
    const requested = await v.post("/auth/request_password_reset", {
      email: user.email,
      store_id: PET_STORE,
    });
    expect(requested.json()).toEqual({ success: true, message: M.resetRequested });

    const mail = await arrival;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe("hello@pawsome.test");
    const { headers, text } = parseMail(mail.raw);
    expect(headers.subject).toBe("Reset your Pawsome Herbals password");
    expect(headers.from).toBe("Pawsome Herbals <hello@pawsome.test>");
    expect(text).toContain("Hello Avery,");

    // The link is on the origin the request came to, port included.
    const link = /(http:\/\/\S+\/account\/reset-password\?token=\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link ?? "");
    expect(url.origin).toBe("http://pets.localhost:3000");
    const token = url.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await v.post("/auth/reset_password", {
      newPassword: "a fresh spring meadow",
      token,
      store_id: PET_STORE,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true });
    const signedIn = await v.post("/v2/auth/login", {
      email: user.email,
      password: "a fresh spring meadow",
      store_id: PET_STORE,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    expect((await signIn(v, user.email)).statusCode).toBe(401);

    // With SMTP set, nothing goes to the outbox table.
    expect(await outboxTo(t.database.db, user.email)).toEqual([]);
    // And an email without an account receives nothing.
    await v.post("/auth/request_password_reset", { email: "nobody@example.com" });
    await t.app.background.idle();
    expect(smtp.received.flatMap((m) => m.to)).not.toContain("nobody@example.com");
  });

  it("sends a new email its confirmation link and an account's owner a note, with one and the same answer", async () => {
    const owner = await createUser(t.database.db, { firstName: "Harper" });
    const fresh = uniqueEmail("fresh");
    const v = visitorWithOwnIp(t.app, `${PETS}:3000`);

    const toOwner = smtp.next();
    const existing = await v.post("/v2/auth/register", registration({ email: owner.email }));
    const note = await toOwner;
    const toFresh = smtp.next();
    const brandNew = await v.post(
      "/v2/auth/register",
      registration({ email: fresh, first_name: "Quinn" }),
    );
    const confirmation = await toFresh;
    expect(existing.statusCode).toBe(202);
    expect(existing.body).toBe(brandNew.body);
    expect(existing.json()).toEqual({ success: true, message: M.registrationRequested });

    expect(note.to).toEqual([owner.email]);
    const noted = parseMail(note.raw);
    expect(noted.headers.subject).toBe(
      "Someone tried to create a Pawsome Herbals account with your email",
    );
    expect(noted.text).toContain("Hello Harper,");
    expect(noted.text).toContain("sign in: http://pets.localhost:3000/account/sign-in");
    expect(noted.text).toContain(
      "Choose a new one: http://pets.localhost:3000/account/sign-in?view=forgot",
    );

    expect(confirmation.to).toEqual([fresh]);
    const confirmed = parseMail(confirmation.raw);
    expect(confirmed.headers.subject).toBe("Confirm your email for Pawsome Herbals");
    expect(confirmed.text).toContain("Hello Quinn,");
    const link = /(http:\/\/\S+\/account\/confirm\?token=\S+)/.exec(confirmed.text)?.[1];
    const url = new URL(link ?? "");
    expect(url.origin).toBe("http://pets.localhost:3000");
    const res = await v.post("/v2/auth/register/confirm", {
      token: url.searchParams.get("token"),
      store_id: PET_STORE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: fresh, firstName: "Quinn" });
    expect(await outboxTo(t.database.db, fresh)).toEqual([]);
  });
});
