import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  mailedToken,
  PETS,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp, type TestDatabase } from "../../../test/helper.ts";
import { users } from "../../db/schema.ts";

describe("logs", () => {
  const lines: string[] = [];
  let t: TestApp;
  let app: FastifyInstance;
  let database: TestDatabase;

  beforeAll(async () => {
    // Everything, request logs included.
    t = await createTestApp(
      { logLevel: "trace" },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    app = t.app;
    database = t.database;
  });
  afterAll(() => t.close());

  it("redact a password, a new password and a token wherever a body is logged", () => {
    lines.length = 0;
    const secret = "Hidden-Orchard-Secret-19";
    app.log.info({
      body: { email: "a@b.co", password: secret, newPassword: secret, token: secret },
    });
    app.log.info({ req: { body: { password: secret, newPassword: secret, token: secret } } });
    app.log.info({ password: secret, newPassword: secret, token: secret });
    app.log.info({ user: { passwordHash: secret } });
    const logged = lines.join("\n");
    expect(lines).toHaveLength(4);
    expect(logged).not.toContain(secret);
    expect(logged).toContain("[Redacted]");
    expect(logged).toContain("a@b.co");
  });

  it("hold no password, session token, device token, confirmation token or reset token after the account calls", async () => {
    lines.length = 0;
    const email = uniqueEmail();
    const password = "Quiet-River-Stone-2026";
    const newPassword = "Bright-Lantern-Field-2027";
    const v = visitorWithOwnIp(app, PETS);
    const registered = await v.post("/v2/auth/register", {
      email,
      password,
      first_name: "Logan",
      last_name: "Reed",
    });
    expect(registered.statusCode).toBe(202);
    const confirmation = await mailedToken(app, database.db, email, "/account/confirm");
    expect((await v.post("/v2/auth/register/confirm", { token: confirmation })).statusCode).toBe(
      200,
    );
    const session = v.cookies.get("sf_auth") ?? "";
    const device = v.cookies.get("sf_device") ?? "";
    await v.post("/v2/auth/login", { email, password: "a wrong password" });
    await v.get("/v2/auth/status");
    await v.post("/auth/request_password_reset", { email });
    const token = await mailedToken(app, database.db, email, "/account/reset-password");
    expect((await v.post("/auth/reset_password", { newPassword, token })).statusCode).toBe(200);

    const logged = lines.join("\n");
    // The requests were logged (so the check means something)...
    expect(logged).toContain("/auth/reset_password");
    expect(logged).toContain("/v2/auth/register/confirm");
    expect(logged).toContain("mail kept in the outbox table, not sent (SMTP_URL is not set)");
    // ...and none of the secrets, nor the shopper's email (the outbox line names no recipient).
    for (const secret of [password, newPassword, session, device, confirmation, token]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain(email);
  });

  it("hold no query-string secret: an order's access key or a reset token in a URL", async () => {
    lines.length = 0;
    const key = "OrderAccessKey-Secret-0123456789abcdef";
    const token = "ResetToken-Secret-0123456789abcdefghijkl";
    await app.inject({ url: `/api/orders/1001?key=${key}`, headers: { host: PETS } });
    await app.inject({ url: `/api/no-route?token=${token}&page=2`, headers: { host: PETS } });
    const logged = lines.join("\n");
    expect(logged).toContain("/api/orders/1001?key=[Redacted]");
    expect(logged).toContain("/api/no-route?token=[Redacted]&page=[Redacted]");
    expect(logged).not.toContain(key);
    expect(logged).not.toContain(token);
  });

  it("log a failed statement without its parameters: no password hash, no email", async () => {
    lines.length = 0;
    const user = await createUser(database.db);
    const failure = await database.db
      .insert(users)
      .values({ ...user, id: undefined })
      .then(() => null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // What the error handler logs for a 500.
    app.log.error({ err: failure }, "request failed");
    const logged = lines.join("\n");
    expect(logged).toContain("request failed");
    expect(logged).toContain("insert into");
    expect(logged).toContain("23505");
    expect(logged).not.toContain(user.passwordHash);
    expect(logged).not.toContain(user.email);
  });
});
