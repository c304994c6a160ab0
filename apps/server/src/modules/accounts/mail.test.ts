import type { AddressInfo } from "node:net";
import { ACCOUNT_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createUser,
  PET_STORE,
  PETS,
  TEST_PASSWORD,
  visitorWithOwnIp,
} from "../../../test/accounts.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../../test/helper.ts";
import { outbox } from "../../db/schema.ts";
import { SmtpMailer } from "../../lib/mailer.ts";

interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server on this machine, on a free port, keeping what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in a test.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next message to arrive (or the first not yet taken). */
    next(): Promise<ReceivedMail> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no mail arrived")), 10_000);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The headers and the decoded text/plain body of a MIME message (one level of multipart). */
function parseMail(raw: string): { headers: Record<string, string>; text: string } {
  const split = (part: string) => {
    const at = part.indexOf("\r\n\r\n");
    const head = part.slice(0, at).replace(/\r\n[ \t]+/g, " ");
    const headers: Record<string, string> = {};
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, body: part.slice(at + 4) };
  };
  const decode = (headers: Record<string, string>, body: string) => {
    const encoding = headers["content-transfer-encoding"]?.toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    return body;
  };
  const message = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers["content-type"] ?? "")?.[1];
  if (!boundary) return { headers: message.headers, text: decode(message.headers, message.body) };
  for (const part of message.body.split(`--${boundary}`).slice(1)) {
    const { headers, body } = split(part.replace(/^\r\n/, ""));
    if (headers["content-type"]?.startsWith("text/plain")) {
      return { headers: message.headers, text: decode(headers, body) };
    }
  }
  throw new Error("no text/plain part");
}

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
    expect(
      (await v.post("/v2/auth/login", { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(401);

    // With SMTP set, nothing goes to the outbox table.
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, user.email))).toEqual([]);
    // And an email without an account receives nothing.
    await v.post("/auth/request_password_reset", { email: "nobody@example.com" });
    await t.app.background.idle();
    expect(smtp.received.flatMap((m) => m.to)).not.toContain("nobody@example.com");
  });
});
