import { MAIL_SENDER_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  HEMP,
  HEMP_STORE,
  outboxTo,
  PET_STORE,
  PETS,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { parseMail, type ReceivedMail, useSmtpTestApp } from "../../../test/smtp.ts";
import type { Database } from "../../db/index.ts";
import { stores } from "../../db/schema.ts";
import type { MailMessage } from "../../lib/mailer.ts";
import { StoreMailer } from "./mail.ts";

const PLATFORM_FROM = "Storefront <no-reply@platform.test>";

/** The decoded text/html part of a mail. */
function htmlOf(mail: ReceivedMail): string {
  const part = /Content-Type: text\/html[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/i.exec(
    mail.raw,
  )?.[1];
  if (!part) throw new Error("no text/html part");
  return part
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe("each store's mail: its sender, replies to its owner, its logo and colours", () => {
  const { t, smtp } = useSmtpTestApp({ mailFrom: PLATFORM_FROM });

  const ownerOf = async (storeId: string) =>
    (
      await t.database.db
        .select({ owner: stores.ownerEmail })
        .from(stores)
        .where(eq(stores.id, storeId))
    )[0]?.owner;

  /** Asks for a password reset of a new account of the store; answers the mail it gets. */
  async function resetMail(storeId: string, host: string): Promise<ReceivedMail> {
    const user = await createUser(t.database.db, { storeId });
    const arrival = smtp.next();
    const res = await visitorWithOwnIp(t.app, host).post("/auth/request_password_reset", {
      email: user.email,
      store_id: storeId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await arrival;
    expect(mail.to).toEqual([user.email]);
    return mail;
  }

  it("is from the store's brand name at the platform's address until the store sets its own, and never another store's", async () => {
    const pets = await resetMail(PET_STORE, PETS);
    expect(pets.from).toBe("no-reply@platform.test");
    const { headers } = parseMail(pets.raw);
    expect(headers.from).toBe("Pawsome Herbals <no-reply@platform.test>");
    expect(headers["reply-to"]).toBe(await ownerOf(PET_STORE));
    const html = htmlOf(pets);
    expect(html).toMatch(
      /<img src="https:\/\/[^"]+\/media\/pet-remedies\/logo\.jpg" alt="Pawsome Herbals"/,
    );
    expect(html).toContain("border-bottom:4px solid #b83424");
    expect(html).toContain("Hello");

    const hemp = await resetMail(HEMP_STORE, HEMP);
    const hempHeaders = parseMail(hemp.raw).headers;
    expect(hempHeaders.from).not.toContain("Pawsome");
    expect(hempHeaders["reply-to"]).toBe(await ownerOf(HEMP_STORE));
    expect(hempHeaders["reply-to"]).not.toBe(await ownerOf(PET_STORE));
    const hempHtml = htmlOf(hemp);
    expect(hempHtml).toContain("/media/hemp-nutrition/logo.jpg");
    expect(hempHtml).toContain("#2d5f5a");
    expect(hempHtml).not.toContain("pet-remedies");
  });

  it("an admin sets the store's sender: its next mail is from it; a bad name or address is refused with what is wrong", async () => {
    const { v } = await signedInVisitor(
      t.app,
      t.database.db,
      { storeId: PET_STORE, userType: "admin" },
      PETS,
    );
    const before = await v.get("/api/admin/mail-sender");
    expect(before.json()).toEqual({
      name: null,
      address: null,
      from: '"Pawsome Herbals" <no-reply@platform.test>',
      replyTo: await ownerOf(PET_STORE),
    });

    for (const [body, message] of [
      [{ name: "Pawsome\r\nBcc: all@example.com", address: null }, MAIL_SENDER_MESSAGES.name],
      [{ name: "Pawsome <x@y.z>", address: null }, MAIL_SENDER_MESSAGES.name],
      [{ name: null, address: "orders@pawsome" }, MAIL_SENDER_MESSAGES.address],
      [{ name: null, address: "a@b.test>, evil@x.test" }, MAIL_SENDER_MESSAGES.address],
    ] as const) {
      const res = await v.put("/api/admin/mail-sender", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }

    try {
      const saved = await v.put("/api/admin/mail-sender", {
        name: "Pawsome Orders",
        address: "Orders@Pets.localhost",
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        name: "Pawsome Orders",
        address: "orders@pets.localhost",
        from: '"Pawsome Orders" <orders@pets.localhost>',
      });
      // Every instance forgets the old sender as soon as the database announces the change.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mail = await resetMail(PET_STORE, PETS);
      expect(mail.from).toBe("orders@pets.localhost");
      expect(parseMail(mail.raw).headers.from).toBe("Pawsome Orders <orders@pets.localhost>");
      // The other store's mail is unchanged.
      expect(parseMail((await resetMail(HEMP_STORE, HEMP)).raw).headers.from).toContain(
        "<no-reply@platform.test>",
      );
    } finally {
      await v.put("/api/admin/mail-sender", { name: null, address: null });
    }
  });

  it("is the store admins' alone: a shopper gets the 404 of a missing route, a guest 401", async () => {
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    expect((await shopper.get("/api/admin/mail-sender")).statusCode).toBe(404);
    expect((await visitorWithOwnIp(t.app, PETS).get("/api/admin/mail-sender")).statusCode).toBe(
      401,
    );
  });
});

describe("without SMTP, the outbox keeps each message's store sender and reply-to", () => {
  const t = useTestApp({ mailFrom: PLATFORM_FROM });

  it("writes the store's From and its owner's address as Reply-To", async () => {
    const user = await createUser(t.database.db, { storeId: HEMP_STORE });
    const res = await visitorWithOwnIp(t.app, HEMP).post("/auth/request_password_reset", {
      email: user.email,
      store_id: HEMP_STORE,
    });
    expect(res.statusCode).toBe(200);
    let rows = await outboxTo(t.database.db, user.email);
    for (let i = 0; rows.length === 0 && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await outboxTo(t.database.db, user.email);
    }
    const [owner] = await t.database.db
      .select({ owner: stores.ownerEmail, brand: stores.brandName })
      .from(stores)
      .where(eq(stores.id, HEMP_STORE));
    expect(rows[0]).toMatchObject({
      from: `"${owner?.brand}" <no-reply@platform.test>`,
      replyTo: owner?.owner,
    });
    expect(rows[0]?.html).toContain("/media/hemp-nutrition/logo.jpg");
  });
});

describe("a store whose identity cannot be read", () => {
  it("still sends the message, from the platform's sender, and says so in the log", async () => {
    const sent: MailMessage[] = [];
    const warnings: string[] = [];
    // A database that fails every statement (connection lost).
    const broken = {
      select() {
        throw new Error("connection lost");
      },
    } as unknown as Database;
    const mailer = new StoreMailer(
      { send: async (m) => void sent.push(m), close: async () => {} },
      broken,
      PLATFORM_FROM,
      { warn: (_obj, msg) => warnings.push(msg) },
    );
    const message = { storeId: "no-such-store-read", to: "a@b.test", subject: "Hi", text: "Hello" };
    await mailer.send(message);
    expect(sent).toEqual([message]);
    expect(warnings).toEqual([
      "the store's mail identity could not be read: sent from the platform's sender",
    ]);
  });
});
