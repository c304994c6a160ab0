import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ACCOUNT_MESSAGES, NEW_STORE_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailedToken, outboxTo, PETS, signIn } from "../../../test/fixtures.ts";
import {
  createPostgresDatabase,
  createTestApp,
  type TestApp,
  testConfig,
} from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { buildApp } from "../../app.ts";
import { openDatabase } from "../../db/index.ts";
import { passwordResetTokens, stores, users } from "../../db/schema.ts";
import { loadDemoStores } from "../../db/seed/index.ts";
import { acrossStores } from "../../db/store-scope.ts";
import { openStore } from "../../flows/open-store.ts";
import { localMediaStore } from "../media/media-store.ts";
import { KITCHEN, kitchen, rules } from "./platform-test-helpers.ts";
import { setStoreDisabled } from "./stores.ts";

describe("opening a store without code", () => {
  let t: TestApp;
  let open: (input: unknown) => ReturnType<typeof openStore>;
  beforeAll(async () => {
    t = await createTestApp();
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-platform-"));
    open = (input) =>
      // As the platform's routes and its command line do: across stores.
      acrossStores(() =>
        openStore(
          { db: t.database.db, mailer: t.app.mailer, media: localMediaStore(mediaDir), rules },
          input,
          (host) => `http://${host}`,
        ),
      );
  });
  afterAll(() => t.close());

  it("answers at its host at once, with its brand, theme, policies and an empty catalogue, apart from the other stores", async () => {
    const before = await new Visitor(t.app, KITCHEN).get("/api/store");
    // An unknown host is the default store until the new store claims it.
    expect(before.json().storeId).toBe("pet-remedies");
    const opened = await open(kitchen());
    expect(opened).toEqual({
      id: "test-kitchen",
      brandName: "Test Kitchen",
      hosts: [KITCHEN],
      ownerEmail: "owner@kitchen.test",
    });
    const v = new Visitor(t.app, KITCHEN);
    await expect.poll(async () => (await v.get("/api/store")).json().storeId).toBe("test-kitchen");
    const info = (await v.get("/api/store")).json();
    expect(info).toMatchObject({
      brandName: "Test Kitchen",
      logo: "/media/test-kitchen/logo.jpg",
      defaultCurrency: "usd",
      theme: { colors: { primary: "#0b6e4f" }, typography: { fonts: { primary: "Fraunces" } } },
    });
    expect((await v.get("/api/products")).json().products).toEqual([]);
    // The shipping policy quotes the store's own rates, filled in from its settings.
    const shipping = await v.get("/data/master/policies/shipping-policy.json");
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(JSON.stringify(shipping.json())).toContain("Standard $7.95 (3–5 business days)");
    expect(JSON.stringify(shipping.json())).not.toContain("{{");
    // The demo stores are as they were.
    expect((await new Visitor(t.app, PETS).get("/api/store")).json().brandName).toBe(
      "Pawsome Herbals",
    );
  });

  it("invites the owner with a single-use link whose hash alone is stored, and the owner then signs in to the store's admin, not another's", async () => {
    const [mail] = await outboxTo(t.database.db, "owner@kitchen.test");
    expect(mail?.subject).toBe("Test Kitchen is ready: choose your admin password");
    const token = await mailedToken(
      t.app,
      t.database.db,
      "owner@kitchen.test",
      "/account/reset-password",
    );
    expect(mail?.text).toContain(`http://${KITCHEN}/account/reset-password?token=${token}`);
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.storeId, "test-kitchen"));
    expect(stored?.tokenHash).not.toContain(token);
    // Valid for 7 days.
    const days = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const owner = new Visitor(t.app, KITCHEN);
    const newPassword = "a kitchen owner's passphrase";
    const set = await owner.post("/auth/reset_password", { token, newPassword });
    expect(set.statusCode, set.body).toBe(200);
    const again = await owner.post("/auth/reset_password", { token, newPassword });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ACCOUNT_MESSAGES.resetInvalid);

    expect((await signIn(owner, "owner@kitchen.test", newPassword)).statusCode).toBe(200);
    expect((await owner.get("/api/admin/dashboard")).statusCode).toBe(200);
    // The same email and password are no account of the pet store.
    const elsewhere = new Visitor(t.app, PETS);
    expect((await signIn(elsewhere, "owner@kitchen.test", newPassword)).statusCode).toBe(401);
  });

  it("refuses a host another store answers at, an id in use and a malformed host, writing nothing", async () => {
    const taken = open(kitchen({ id: "kitchen-two", hosts: ["new.localhost", PETS] }));
    await expect(taken).rejects.toMatchObject({
      code: "conflict",
      message: NEW_STORE_MESSAGES.hostTaken(PETS),
    });
    await expect(open(kitchen({ hosts: ["other.localhost"] }))).rejects.toMatchObject({
      code: "conflict",
      message: NEW_STORE_MESSAGES.idTaken,
    });
    for (const host of ["kitchen.localhost:3000", "https://x.example", "bad host.example", "x"]) {
      await expect(open(kitchen({ id: "kitchen-three", hosts: [host] }))).rejects.toMatchObject({
        code: "invalid",
        fields: { "hosts.0": NEW_STORE_MESSAGES.host },
      });
    }
    await expect(
      open(kitchen({ id: "kitchen-four", hosts: ["a.localhost", "A.localhost"] })),
    ).rejects.toMatchObject({ code: "invalid", message: NEW_STORE_MESSAGES.hostTwice });
    await expect(open(kitchen({ id: "Bad Id" }))).rejects.toMatchObject({
      fields: { id: NEW_STORE_MESSAGES.id },
    });
    const ids = (await t.database.db.select({ id: stores.id }).from(stores)).map((s) => s.id);
    expect(ids.sort()).toEqual(["garden-studio", "hemp-nutrition", "pet-remedies", "test-kitchen"]);
  });

  it("a disabled store's hosts answer 404 with its data kept, and answer again once enabled", async () => {
    await setStoreDisabled(t.database.db, rules, "test-kitchen", true);
    const v = new Visitor(t.app, KITCHEN);
    await expect.poll(async () => (await v.get("/api/store")).statusCode).toBe(404);
    expect((await v.get("/api/products")).statusCode).toBe(404);
    // Stripe's webhook belongs to no store: its host being a disabled store's does not stop it.
    const webhook = await v.post("/api/payments/stripe/webhook", { id: "evt_1" });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json().error.message).toMatch(/^Webhook refused: /);
    const owners = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.storeId, "test-kitchen"));
    expect(owners).toHaveLength(1);
    await setStoreDisabled(t.database.db, rules, "test-kitchen", false);
    await expect.poll(async () => (await v.get("/api/store")).statusCode).toBe(200);
    await expect(
      setStoreDisabled(t.database.db, rules, "no-such-store", true),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("sells only in the currencies it was opened with, ships free from its own threshold, and its policies say so", async () => {
    await expect(
      open(kitchen({ id: "deli", hosts: ["deli.localhost"], currencies: ["cad"] })),
    ).rejects.toMatchObject({
      code: "invalid",
      fields: { defaultCurrency: NEW_STORE_MESSAGES.defaultCurrency },
    });
    await expect(
      open(kitchen({ id: "deli", hosts: ["deli.localhost"], freeShipping: { US: -1 } })),
    ).rejects.toMatchObject({ code: "invalid", message: NEW_STORE_MESSAGES.freeShipping });
    await open(
      kitchen({
        id: "deli",
        hosts: ["deli.localhost"],
        currencies: ["usd"],
        freeShipping: { US: 9900 },
      }),
    );
    const v = new Visitor(t.app, "deli.localhost", { "accept-language": "en-CA" });
    await expect.poll(async () => (await v.get("/api/store")).json().storeId).toBe("deli");
    expect((await v.get("/api/store")).json().currencies).toEqual(["usd"]);
    // A Canadian visitor of a store that sells in USD alone sees USD, and cannot choose CAD.
    expect((await v.get("/api/cart")).json()).toMatchObject({
      currency: "usd",
      freeShippingThreshold: 9900,
    });
    const cad = await v.put("/api/cart/currency", { currency: "cad" });
    expect(cad.statusCode).toBe(400);
    expect(cad.json().error.message).toBe("This store sells in USD only");
    const policy = JSON.stringify(
      (await v.get("/data/master/policies/shipping-policy.json")).json(),
    );
    expect(policy).toContain("ships to the United States.");
    expect(policy).toContain("Free shipping on orders of $99 or more.");
    expect(policy).not.toContain("Canada");
    expect(policy).not.toContain("{{");
    const terms = JSON.stringify(
      (await v.get("/data/master/policies/terms-of-service.json")).json(),
    );
    expect(terms).toContain("shown in US dollars;");
  });
});

describe("a store opened on one instance of a PostgreSQL database", () => {
  let drop: () => Promise<void>;
  const instances: { app: FastifyInstance; close(): Promise<void> }[] = [];
  let mediaDir: string;
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-platform-"));
    for (const n of [1, 2]) {
      const handle = await openDatabase({ databaseUrl: database.url });
      if (n === 1) await loadDemoStores(handle.acrossStores);
      const app = await buildApp({
        config: testConfig({ databaseUrl: database.url, mediaDir }),
        db: handle.db,
      });
      await app.ready();
      instances.push({ app, close: () => app.close().then(handle.close) });
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await drop?.();
  });

  it("answers at its host on the other instance without a restart, and stops there when disabled", async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error("two instances");
    const there = new Visitor(second.app, KITCHEN);
    // The other instance has the host remembered as the default store's.
    expect((await there.get("/api/store")).json().storeId).toBe("pet-remedies");
    await acrossStores(() =>
      openStore(
        { db: first.app.db, mailer: first.app.mailer, media: localMediaStore(mediaDir), rules },
        kitchen(),
        (host) => `http://${host}`,
      ),
    );
    await expect
      .poll(async () => (await there.get("/api/store")).json().storeId)
      .toBe("test-kitchen");
    await acrossStores(() => setStoreDisabled(first.app.db, rules, "test-kitchen", true));
    await expect.poll(async () => (await there.get("/api/store")).statusCode).toBe(404);
  });
});
