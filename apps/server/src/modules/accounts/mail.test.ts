import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createUser,
  outboxTo,
  PET_STORE,
  PETS,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../../test/helper.ts";
import { parseMail, startSmtpServer } from "../../../test/smtp.ts";
import { SmtpMailer } from "../../lib/mailer.ts";

describeEachEngine("password reset mail over SMTP", (engine) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(engine, {
      smtpUrl: smtp.url,
      mailFrom: "Pawsome Herbals <hello@pawsome.test>",
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("sends the reset link to a real SMTP server; the link's token resets the password", async () => {
    expect(t.app.mailer).toBeInstanceOf(SmtpMailer);
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
});
