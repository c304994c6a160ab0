import { ACCOUNT_MESSAGES, NEW_STORE_MESSAGES, PLATFORM_MESSAGES } from "@storefront/domain";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  HEMP,
  outboxTo,
  PET_STORE,
  PETS,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp, testConfig } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { buildApp } from "../../app.ts";
import { storeDomains, stores } from "../../db/schema.ts";
import { acrossStores } from "../../db/store-scope.ts";
import { openStore } from "../../flows/open-store.ts";
import { operatorLink } from "./operators.ts";
import { KITCHEN, kitchen, PLATFORM, rules } from "./platform-test-helpers.ts";

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
