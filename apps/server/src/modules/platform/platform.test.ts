import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ACCOUNT_MESSAGES, NEW_STORE_MESSAGES, PLATFORM_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  HEMP,
  mailedToken,
  outboxTo,
  PET_STORE,
  PETS,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import {
  createPostgresDatabase,
  createTestApp,
  type TestApp,
  testConfig,
} from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { buildApp } from "../../app.ts";
import { openDatabase } from "../../db/index.ts";
import { passwordResetTokens, storeDomains, stores, users } from "../../db/schema.ts";
import { loadDemoStores } from "../../db/seed/index.ts";
import { acrossStores } from "../../db/store-scope.ts";
import { openStore } from "../../flows/open-store.ts";
import { localMediaStore } from "../media/media-store.ts";
import { operatorLink } from "./operators.ts";
import { setStoreDisabled } from "./stores.ts";

const KITCHEN = "kitchen.localhost";
/** PLATFORM_HOST as the tests' settings leave it: the first demo store's host. */
const PLATFORM = PETS;
const rules = { platformHost: PLATFORM, defaultStoreId: PET_STORE };

function kitchen(overrides: Record<string, unknown> = {}) {
  return {
    id: "test-kitchen",
    brandName: "Test Kitchen",
    hosts: [KITCHEN],
    defaultCurrency: "usd",
    ownerEmail: "Owner@Kitchen.test",
    theme: { primary: "#0b6e4f", headingFont: "Fraunces" },
    ...overrides,
  };
}

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

describe("the platform's API, for its operators only", () => {
  let t: TestApp;
  const operator = () => new Visitor(t.app, PLATFORM);
  let ops: Visitor;
  beforeAll(async () => {
    t = await createTestApp();
    ops = operator();
    const link = await operatorLink(t.database.db, "Ops@Platform.test");
    const token = new URL(link, "http://x").searchParams.get("token");
    const set = await ops.post("/api/platform/password", {
      token,
      password: "an operator's long passphrase",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ email: "ops@platform.test" });
    // The link works once.
    const again = await operator().post("/api/platform/password", {
      token,
      password: "another long passphrase",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(PLATFORM_MESSAGES.linkInvalid);
  });
  afterAll(() => t.close());

  it("answers only on the platform's host: another store's host gets 404", async () => {
    for (const host of [HEMP, "unknown.localhost"]) {
      const elsewhere = new Visitor(t.app, host);
      for (const [method, url] of [
        ["GET", "/api/platform/stores"],
        ["POST", "/api/platform/session"],
      ] as const) {
        const res = await elsewhere.request(method, url, {
          email: "ops@platform.test",
          password: "x",
        });
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it("refuses a shopper and a store's own admin (401), and a wrong password the same way as an unknown email", async () => {
    const shopper = new Visitor(t.app, PLATFORM);
    expect((await shopper.get("/api/platform/stores")).statusCode).toBe(401);
    const admin = await createUser(t.database.db, { storeId: PET_STORE, userType: "admin" });
    const storeAdmin = new Visitor(t.app, PLATFORM);
    expect((await signIn(storeAdmin, admin.email)).statusCode).toBe(200);
    const refused = await storeAdmin.get("/api/platform/stores");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(PLATFORM_MESSAGES.signInNeeded);
    for (const email of ["ops@platform.test", "nobody@platform.test"]) {
      const res = await operator().post("/api/platform/session", {
        email,
        password: "not the passphrase",
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(PLATFORM_MESSAGES.signInFailed);
    }
  });

  it("opens a store, refuses a duplicate host with its name, lists it, connects its Stripe account and disables it", async () => {
    const opened = await ops.post("/api/platform/stores", kitchen());
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({
      id: "test-kitchen",
      hosts: [KITCHEN],
      ownerEmail: "owner@kitchen.test",
      stripeId: null,
      disabled: false,
    });
    // The owner's link points at the store's host, on the port the operator used.
    expect((await outboxTo(t.database.db, "owner@kitchen.test"))[0]?.text).toContain(
      `http://${KITCHEN}/account/reset-password?token=`,
    );
    const duplicate = await ops.post(
      "/api/platform/stores",
      kitchen({ id: "kitchen-two", hosts: [HEMP] }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(NEW_STORE_MESSAGES.hostTaken(HEMP));
    const bad = await ops.post("/api/platform/stores", kitchen({ id: "k3", hosts: ["no host"] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(`hosts.0: ${NEW_STORE_MESSAGES.host}`);

    const listed = (await ops.get("/api/platform/stores")).json().stores;
    expect(listed.map((s: { id: string }) => s.id)).toContain("test-kitchen");

    const path = "/api/platform/stores/test-kitchen";
    const connected = await ops.patch(path, { stripeId: "acct_1KitchenLocal" });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json().stripeId).toBe("acct_1KitchenLocal");
    await expect
      .poll(async () => (await new Visitor(t.app, KITCHEN).get("/api/store")).json().stripeId)
      .toBe("acct_1KitchenLocal");
    const shared = await ops.patch(`/api/platform/stores/${PET_STORE}`, {
      stripeId: "acct_1KitchenLocal",
    });
    expect(shared.statusCode).toBe(409);
    expect(shared.json().error.message).toBe(PLATFORM_MESSAGES.stripeTaken);
    const malformed = await ops.patch(path, { stripeId: "sk_live_nope" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(`stripeId: ${PLATFORM_MESSAGES.stripeId}`);

    expect((await ops.patch(path, { disabled: true })).json().disabled).toBe(true);
    await expect
      .poll(async () => (await new Visitor(t.app, KITCHEN).get("/api/store")).statusCode)
      .toBe(404);
    expect(
      (await ops.patch("/api/platform/stores/no-such-store", { disabled: true })).statusCode,
    ).toBe(404);
  });

  it("uploads a store's logo, kept as sent and shown as the store's; refuses a small one or a stranger", async () => {
    const logo = await sharp({
      create: { width: 300, height: 100, channels: 3, background: { r: 11, g: 110, b: 79 } },
    })
      .png()
      .toBuffer();
    const upload = (who: Visitor, store: string, bytes: Buffer) =>
      who.request("POST", `/api/platform/stores/${store}/logo`, bytes, {
        "content-type": "image/png",
      });
    const res = await upload(ops, PET_STORE, logo);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logo as string;
    expect(url).toMatch(new RegExp(`^/media/${PET_STORE}/logo-[0-9a-f-]+\\.png$`));
    await expect
      .poll(async () => (await new Visitor(t.app, PETS).get("/api/store")).json().logo)
      .toBe(url);
    expect((await new Visitor(t.app, PETS).get(url)).rawPayload.equals(logo)).toBe(true);

    const small = await sharp({
      create: { width: 100, height: 30, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png()
      .toBuffer();
    const tiny = await upload(ops, PET_STORE, small);
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().error.message).toBe(PLATFORM_MESSAGES.logoSmall);
    expect((await upload(ops, "no-such-store", logo)).statusCode).toBe(404);
    expect((await upload(new Visitor(t.app, PLATFORM), PET_STORE, logo)).statusCode).toBe(401);
    // The demo's own logo comes back.
    await t.database.db
      .update(stores)
      .set({ logo: `/media/${PET_STORE}/logo.jpg` })
      .where(eq(stores.id, PET_STORE));
  });

  it("keeps the default store open: it answers every host no store has, the platform's too", async () => {
    const res = await ops.patch(`/api/platform/stores/${PET_STORE}`, { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PLATFORM_MESSAGES.defaultStaysOpen);
    expect((await new Visitor(t.app, PETS).get("/api/store")).statusCode).toBe(200);
  });

  it("refuses the platform's host as a new store's host", async () => {
    const platformHost = "platform.example.com";
    const res = await acrossStores(() =>
      openStore(
        {
          db: t.database.db,
          mailer: t.app.mailer,
          media: t.app.media,
          rules: { ...rules, platformHost },
        },
        kitchen({ id: "kitchen-five", hosts: ["five.localhost", platformHost] }),
        (host) => `http://${host}`,
      ),
    ).catch((err: unknown) => err);
    expect(res).toMatchObject({
      code: "invalid",
      message: NEW_STORE_MESSAGES.platformHost(platformHost),
    });
    expect((await ops.get("/api/platform/stores")).json().stores).not.toContainEqual(
      expect.objectContaining({ id: "kitchen-five" }),
    );
  });

  it("in production, a server whose PLATFORM_HOST is a store's own domain refuses to start, naming the store", async () => {
    const shopHost = "shop.pawsome.example";
    await t.database.db.insert(storeDomains).values({ storeId: PET_STORE, host: shopHost });
    try {
      await expect(
        buildApp({
          config: testConfig({
            env: "production",
            platformHost: shopHost,
            databaseUrl: t.database.url,
          }),
          db: t.database.db,
        }),
      ).rejects.toThrow(`PLATFORM_HOST ${shopHost} is a host of the store ${PET_STORE}`);
    } finally {
      await t.database.db.delete(storeDomains).where(eq(storeDomains.host, shopHost));
    }
  });

  it("limits the tries of a password link per IP (429 after 20 in an hour)", async () => {
    const guesser = visitorWithOwnIp(t.app, PLATFORM);
    const guess = () =>
      guesser.post("/api/platform/password", {
        token: "A".repeat(43),
        password: "an operator's long passphrase",
      });
    for (let i = 0; i < 20; i += 1) {
      const res = await guess();
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(PLATFORM_MESSAGES.linkInvalid);
    }
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(ACCOUNT_MESSAGES.tooManyRequests);
  });

  it("signs an operator in and out", async () => {
    const v = operator();
    const signedIn = await v.post("/api/platform/session", {
      email: "OPS@platform.test",
      password: "an operator's long passphrase",
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await v.get("/api/platform/session")).json()).toEqual({ email: "ops@platform.test" });
    expect((await v.delete("/api/platform/session")).statusCode).toBe(204);
    expect((await v.get("/api/platform/stores")).statusCode).toBe(401);
  });
});
