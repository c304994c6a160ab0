import { randomUUID } from "node:crypto";
import { RECOVERY_MESSAGES } from "@storefront/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectError,
  GOOD_CARD,
  NY_ADDRESS,
  PET_STORE,
  PETS,
  quoteAddress,
  setStock,
  setStoreDisabled,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { createPostgresDatabase, createTestApp, testConfig } from "../../../test/helper.ts";
import { parseMail, startSmtpServer, useSmtpTestApp } from "../../../test/smtp.ts";
import { sessionIdOf, Visitor } from "../../../test/visitor.ts";
import { buildApp } from "../../app.ts";
import { openDatabase } from "../../db/index.ts";
import { cartRecoveryTokens, carts, stores } from "../../db/schema.ts";
import { loadDemoStores } from "../../db/seed/index.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

const HOUR = 60 * 60 * 1000;

/** The token of the link to `path` in a mail's text part. */
function linkIn(raw: string, path: string): string {
  const { text } = parseMail(raw);
  const match = new RegExp(`https?://[^\\s"<>]+${path}\\?token=([A-Za-z0-9._%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe("abandoned-cart reminders", () => {
  const { t, smtp } = useSmtpTestApp({}, { testProcessor: new TestCardProcessor() });

  /** A guest who gave their email at checkout, put `sku` in the cart and left the page. */
  async function leaver(email: string, sku = "EAT-1") {
    const v = new Visitor(t.app, PETS);
    await v.post("/metrics/initialize", { store_id: PET_STORE });
    const added = await v.post("/api/cart/items", { sku, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const state = {
      cartEvents: [],
      productPageViews: [],
      pagesViewed: 2,
      viewedPages: [],
      searchHistory: [],
      userEmail: email,
      attribution: null,
      cartStatus: "abandoned",
      totalViewTime: 30,
      sessionStartTime: new Date().toISOString(),
    };
    expect((await v.post("/metrics/update-session-data", state)).statusCode).toBe(204);
    await t.app.analytics.flush();
    const left = await v.post("/metrics/abandoned-cart", { cartItems: [{ sku, quantity: 2 }] });
    expect(left.statusCode).toBe(204);
    return v;
  }

  /** Runs the job as it would run `hours` from now. */
  function runJobLater(hours: number) {
    return t.app.jobs.runNow("abandoned-cart-reminders", new Date(Date.now() + hours * HOUR));
  }

  /** The cart reminders mailed to an address (not, say, an order's confirmation). */
  function mailsTo(email: string) {
    return smtp.received.filter(
      (m) => m.to.includes(email) && parseMail(m.raw).headers.subject?.startsWith("Your cart at"),
    );
  }

  it("mails one reminder after the store's delay, with the lines and a link that restores exactly that cart in another browser, once", async () => {
    const email = `leaver-${randomUUID()}@example.test`;
    await leaver(email);
    // Not yet: the demo store waits an hour.
    await runJobLater(0.5);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await runJobLater(1.1)).toBeGreaterThanOrEqual(1);
    const [mail] = mailsTo(email);
    const { headers, text } = parseMail(mail?.raw ?? "");
    expect(headers.subject).toBe("Your cart at Pawsome Herbals is waiting");
    expect(text).toMatch(/^2 × Eat – Appetite Support for Dogs & Cats .* — \$\d+\.\d{2}$/m);
    // Once only.
    await runJobLater(2);
    expect(mailsTo(email)).toHaveLength(1);

    const token = linkIn(mail?.raw ?? "", "/cart/recover");
    const other = new Visitor(t.app, PETS);
    const restored = await other.post("/api/cart/recover", { token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      restored.json().cartItems.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity]),
    ).toEqual([["EAT-1", 2]]);
    expect((await other.get("/api/cart")).json().cartItems).toHaveLength(1);
    // Single use.
    expectError(
      await new Visitor(t.app, PETS).post("/api/cart/recover", { token }),
      400,
      "invalid",
      RECOVERY_MESSAGES.linkInvalid,
    );
  });

  it("refuses an unknown or expired link with 400, and a missing token", async () => {
    const v = new Visitor(t.app, PETS);
    expectError(
      await v.post("/api/cart/recover", { token: "made-up" }),
      400,
      "invalid",
      RECOVERY_MESSAGES.linkInvalid,
    );
    expect((await v.post("/api/cart/recover", {})).statusCode).toBe(400);
    const email = `late-${randomUUID()}@example.test`;
    await leaver(email);
    await runJobLater(1.5);
    const token = linkIn(mailsTo(email)[0]?.raw ?? "", "/cart/recover");
    await t.database.db
      .update(cartRecoveryTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(cartRecoveryTokens.email, email));
    expectError(
      await v.post("/api/cart/recover", { token }),
      400,
      "invalid",
      RECOVERY_MESSAGES.linkInvalid,
    );
  });

  it("honours the unsubscribe link: no reminder to that address again, from this store", async () => {
    const email = `stop-${randomUUID()}@example.test`;
    await leaver(email);
    await runJobLater(1.5);
    const token = linkIn(mailsTo(email)[0]?.raw ?? "", "/email/unsubscribe");
    const res = await new Visitor(t.app, PETS).post("/api/email/unsubscribe", { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RECOVERY_MESSAGES.unsubscribed("Pawsome Herbals"));
    await leaver(email, "ITCHY-1");
    await runJobLater(3);
    expect(mailsTo(email)).toHaveLength(1);
    expectError(
      await new Visitor(t.app, PETS).post("/api/email/unsubscribe", { token: `${token}x` }),
      400,
      "invalid",
      RECOVERY_MESSAGES.unsubscribeInvalid,
    );
  });

  it("sends an address one reminder a day, however many carts name it, and honours its unsubscribe whatever its case", async () => {
    const email = `Twice-${randomUUID()}@Example.test`;
    await leaver(email);
    await leaver(email, "ITCHY-1");
    await runJobLater(1.5);
    const mails = mailsTo(email.toLowerCase());
    expect(mails).toHaveLength(1);
    const token = linkIn(mails[0]?.raw ?? "", "/email/unsubscribe");
    expect(
      (await new Visitor(t.app, PETS).post("/api/email/unsubscribe", { token })).statusCode,
    ).toBe(200);
    await leaver(email.toUpperCase(), "DRAMA-1");
    await runJobLater(30);
    expect(mailsTo(email.toLowerCase())).toHaveLength(1);
  });

  it("leaves the link unspent when the cart cannot be put back, and refuses it once the cart was bought", async () => {
    const email = `stock-${randomUUID()}@example.test`;
    await leaver(email, "FUNGUS-1");
    await runJobLater(1.5);
    const token = linkIn(mailsTo(email)[0]?.raw ?? "", "/cart/recover");
    await setStock(t.database.db, "FUNGUS-1", 0);
    const refused = await new Visitor(t.app, PETS).post("/api/cart/recover", { token });
    expect(refused.statusCode).toBe(409);
    await setStock(t.database.db, "FUNGUS-1", 50);
    expect((await new Visitor(t.app, PETS).post("/api/cart/recover", { token })).statusCode).toBe(
      200,
    );
  });

  it("sends nothing for a cart bought, emptied, back in use, or without a known email", async () => {
    const bought = `bought-${randomUUID()}@example.test`;
    const buyer = await leaver(bought);
    const quote = (
      await buyer.post("/api/checkout/quote", { address: quoteAddress(NY_ADDRESS) })
    ).json();
    const paid = await buyer.post(
      "/api/checkout",
      {
        email: bought,
        name: "Bo Bought",
        address: NY_ADDRESS,
        shippingOptionId: quote.selectedShippingOption.id,
        expectedTotal: quote.total,
        card: GOOD_CARD,
      },
      { "idempotency-key": randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(200);

    const emptied = `emptied-${randomUUID()}@example.test`;
    const emptier = await leaver(emptied);
    await emptier.delete("/api/cart");

    const back = `back-${randomUUID()}@example.test`;
    const returner = await leaver(back);
    // Seen again a minute later (another page's initialize).
    const sessionId = sessionIdOf(returner) ?? "";
    await t.database.db.execute(
      sql`update analytics_sessions set last_seen_at = now() + interval '1 minute' where visitor_session_id = ${sessionId}`,
    );

    const nobody = new Visitor(t.app, PETS);
    await nobody.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
    await nobody.post("/metrics/abandoned-cart", { cartItems: [{ sku: "EAT-1", quantity: 1 }] });

    await runJobLater(1.5);
    expect(mailsTo(bought)).toHaveLength(0);
    expect(mailsTo(emptied)).toHaveLength(0);
    expect(mailsTo(back)).toHaveLength(0);
    const [returned] = await t.database.db
      .select({ status: carts.status })
      .from(carts)
      .where(eq(carts.sessionId, sessionId));
    expect(returned?.status).toBe("active");
    const [unknown] = await t.database.db
      .select({ at: carts.recoveryEmailedAt })
      .from(carts)
      .where(eq(carts.sessionId, sessionIdOf(nobody) ?? ""));
    expect(unknown?.at).toBeNull();
  });

  it("reminds a signed-in shopper at their account's email", async () => {
    const { v, user } = await signedInVisitor(t.app, t.database.db);
    await v.post("/metrics/initialize", { store_id: PET_STORE });
    await v.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 });
    await v.post("/metrics/abandoned-cart", { cartItems: [{ sku: "ITCHY-1", quantity: 1 }] });
    await runJobLater(1.5);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("mails nobody for a disabled store, and reminds once it is enabled again", async () => {
    const email = `closed-${randomUUID()}@example.test`;
    await leaver(email);
    await setStoreDisabled(t.database.db, true);
    try {
      await runJobLater(1.5);
      expect(mailsTo(email)).toHaveLength(0);
    } finally {
      await setStoreDisabled(t.database.db, false);
    }
    await runJobLater(1.5);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("waits as long as the store says", async () => {
    await t.database.db
      .update(stores)
      .set({
        analyticsSettings: {
          consent: "not_required",
          retentionDays: 180,
          recoveryDelayMinutes: 240,
        },
      })
      .where(eq(stores.id, PET_STORE));
    try {
      const email = `slow-${randomUUID()}@example.test`;
      await leaver(email);
      await runJobLater(3);
      expect(mailsTo(email)).toHaveLength(0);
      await runJobLater(4.1);
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      await t.database.db
        .update(stores)
        .set({
          analyticsSettings: {
            consent: "not_required",
            retentionDays: 180,
            recoveryDelayMinutes: 60,
          },
        })
        .where(eq(stores.id, PET_STORE));
    }
  });

  it("deletes visits older than the store's retention days", async () => {
    const v = new Visitor(t.app, PETS);
    const { session_id } = (await v.post("/metrics/initialize", { store_id: PET_STORE })).json();
    await t.app.jobs.runNow("analytics-retention", new Date(Date.now() + 179 * 24 * HOUR));
    const kept = await t.database.db.execute(
      sql`select 1 from analytics_sessions where id = ${session_id}`,
    );
    expect((kept as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await t.app.jobs.runNow("analytics-retention", new Date(Date.now() + 181 * 24 * HOUR));
    const gone = await t.database.db.execute(
      sql`select 1 from analytics_sessions where id = ${session_id}`,
    );
    expect((gone as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

describe("the job queue", () => {
  it("runs a queued job on a worker of pg-boss, with every schedule in the database", async () => {
    const t = await createTestApp({ runJobs: true });
    try {
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
      // The queue starts after the app is ready, in the background.
      await t.app.jobs.whenStarted();
      // The job queue's own tables are the database user's, not the server's role's.
      const owner = new pg.Client({ connectionString: t.database.url });
      await owner.connect();
      const schedules = (await owner.query("select name, cron from pgboss.schedule order by name"))
        .rows;
      await owner.end();
      expect(schedules).toEqual([
        { name: "abandoned-cart-reminders", cron: "* * * * *" },
        { name: "analytics-retention", cron: "17 3 * * *" },
        { name: "release-expired-holds", cron: "* * * * *" },
        { name: "subscription-renewals", cron: "*/10 * * * *" },
      ]);
      // A visit not seen for 200 days; the retention job, queued, deletes it.
      const v = new Visitor(t.app, PETS);
      const { session_id } = (await v.post("/metrics/initialize", { store_id: PET_STORE })).json();
      await t.database.db.execute(
        sql`update analytics_sessions set last_seen_at = now() - interval '200 days' where id = ${session_id}`,
      );
      await t.app.jobs.enqueue("analytics-retention");
      let left = 1;
      for (let i = 0; i < 50 && left > 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        left = (await rows(sql`select 1 from analytics_sessions where id = ${session_id}`)).length;
      }
      expect(left).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe("abandoned-cart reminders on two instances of one PostgreSQL database", () => {
  let drop: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const instances: { app: FastifyInstance; close(): Promise<void> }[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const database = await createPostgresDatabase();
    drop = database.drop;
    for (const n of [1, 2]) {
      const handle = await openDatabase({ databaseUrl: database.url });
      if (n === 1) await loadDemoStores(handle.acrossStores);
      const app = await buildApp({
        config: testConfig({ databaseUrl: database.url, smtpUrl: smtp.url, runJobs: true }),
        db: handle.db,
        testProcessor: new TestCardProcessor(),
      });
      await app.ready();
      instances.push({ app, close: () => app.close().then(handle.close) });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await drop?.();
    await smtp?.close();
  });

  it("sends each reminder once when both instances run the job at the same time", async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error("two instances");
    const emails: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const email = `twice-${i}-${randomUUID()}@example.test`;
      emails.push(email);
      const v = new Visitor(i % 2 ? second.app : first.app, PETS);
      await v.post("/metrics/initialize", { store_id: PET_STORE });
      await v.post("/api/cart/items", { sku: "EAT-1", quantity: 1 });
      await v.post("/metrics/update-session-data", {
        cartEvents: [],
        productPageViews: [],
        pagesViewed: 1,
        viewedPages: [],
        searchHistory: [],
        userEmail: email,
        attribution: null,
        cartStatus: "abandoned",
        totalViewTime: 5,
        sessionStartTime: new Date().toISOString(),
      });
      await v.post("/metrics/abandoned-cart", { cartItems: [{ sku: "EAT-1", quantity: 1 }] });
    }
    await first.app.analytics.flush();
    await second.app.analytics.flush();
    const later = new Date(Date.now() + 2 * HOUR);
    const [a, b] = await Promise.all([
      first.app.jobs.runNow("abandoned-cart-reminders", later),
      second.app.jobs.runNow("abandoned-cart-reminders", later),
    ]);
    expect(Number(a) + Number(b)).toBe(5);
    for (const email of emails) {
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    }
  });
});
