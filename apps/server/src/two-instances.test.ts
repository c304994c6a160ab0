import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  DEMO,
  PET_STORE,
  PETS,
  signedInVisitor,
  signIn,
  visitorWithOwnIp,
} from "../test/fixtures.ts";
import { createTestApp, type TestApp, testConfig } from "../test/helper.ts";
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from "../test/redis.ts";
import { startTestBucket, type TestBucket } from "../test/s3.ts";
import { Visitor } from "../test/visitor.ts";
import { buildApp } from "./app.ts";
import { type DatabaseHandle, openDatabase } from "./db/index.ts";
import { acrossStores } from "./db/store-scope.ts";
import { openStore } from "./flows/open-store.ts";
import { s3MediaStore } from "./modules/media/s3-media-store.ts";

const HAS_REDIS = await redisAnswers();
const KITCHEN_HOST = "two-kitchen.localhost";
/** Which instance ran each run of the probe job. */
const probeRuns: string[] = [];

/** A job of this test's, added to both instances' queues before they start. */
function addProbeJob(app: FastifyInstance, instance: string): void {
  app.jobs.add({
    name: "two-instances-probe",
    // Never due in a test's lifetime: the test queues its runs itself.
    cron: "0 0 1 1 *",
    run: async () => {
      probeRuns.push(instance);
    },
  });
}

/**
 * Two instances behind one load balancer, as in production: one PostgreSQL database, one Redis,
 * one bucket, and each instance running the timed jobs.
 */
describe.skipIf(!HAS_REDIS)("two instances on one database, one Redis and one bucket", () => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: { app: FastifyInstance; handle: DatabaseHandle };
  beforeAll(async () => {
    bucket = await startTestBucket();
    const shared = {
      mediaS3: bucket.settings,
      redisUrl: TEST_REDIS_URL,
      redisKeyPrefix: testRedisPrefix(),
      runJobs: true,
    };
    a = await createTestApp(shared, { beforeReady: (app) => addProbeJob(app, "A") });
    const url = a.database.url;
    const handle = await openDatabase({ databaseUrl: url });
    // Its own empty folder: anything it serves comes from the bucket.
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-b-"));
    const app = await buildApp({
      config: testConfig({ databaseUrl: url, mediaDir, ...shared }),
      db: handle.db,
      web: false,
    });
    addProbeJob(app, "B");
    await app.ready();
    b = { app, handle };
    await Promise.all([a.app.jobs.whenStarted(), app.jobs.whenStarted()]);
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.handle.close();
    await a?.close();
    await bucket?.close();
  });

  it("runs each queued run of a job once, on one of them", async () => {
    await a.app.jobs.enqueue("two-instances-probe");
    await expect.poll(() => probeRuns.length, { timeout: 15_000 }).toBe(1);
    await b.app.jobs.enqueue("two-instances-probe");
    await expect.poll(() => probeRuns.length, { timeout: 15_000 }).toBe(2);
    // Both workers poll the queue; a run taken by one is not run by the other.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(probeRuns).toHaveLength(2);
  });

  it("shares the cart and the sign-in: a visitor sent to either instance is the same visitor", async () => {
    const onA = new Visitor(a.app, PETS);
    expect((await signIn(onA, DEMO.email, DEMO.password)).statusCode).toBe(200);
    expect((await onA.post("/api/cart/items", { sku: "ITCHY-1", quantity: 2 })).statusCode).toBe(
      200,
    );
    // The same cookies, sent to B.
    const onB = new Visitor(b.app, PETS);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const status = (await onB.get("/v2/auth/status")).json();
    expect(status).toMatchObject({ isLoggedIn: true, user: { email: DEMO.email } });
    expect((await onB.get("/api/cart")).json()).toMatchObject({ itemCount: 2 });
    expect((await onB.post("/api/cart/items", { sku: "ITCHY-1", quantity: 1 })).statusCode).toBe(
      200,
    );
    expect((await onA.get("/api/cart")).json()).toMatchObject({ itemCount: 3 });
  });

  it("counts a rate limit once across both: ten failed sign-ins split over A and B, and the eleventh is refused on either", async () => {
    const user = await createUser(a.database.db);
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 === 0 ? a.app : b.app;
      expect(
        (await signIn(visitorWithOwnIp(instance, PETS), user.email, `wrong ${i}`)).statusCode,
      ).toBe(401);
    }
    expect((await signIn(visitorWithOwnIp(a.app, PETS), user.email)).statusCode).toBe(429);
    expect((await signIn(visitorWithOwnIp(b.app, PETS), user.email)).statusCode).toBe(429);
  });

  it("empties the catalogue and search answers on both when one of them changes a product", async () => {
    const admin = (
      await signedInVisitor(a.app, a.database.db, { storeId: PET_STORE, userType: "admin" }, PETS)
    ).v;
    const shopperOnB = new Visitor(b.app, PETS);
    const priceOnB = async () =>
      (
        (await shopperOnB.get("/api/products/cant-poo-poo")).json() as {
          variants: { sku: string; product_price: number }[];
        }
      ).variants.find((v) => v.sku === "CANTPOO-1")?.product_price;
    const foundOnB = async () =>
      (
        (await shopperOnB.get("/api/search?q=poo+poo+problems")).json() as {
          products: { handle: string }[];
        }
      ).products.some((p) => p.handle === "poo-poo-problems");
    // B has both answers cached (catalogue 2 s, search 5 s) when A changes them.
    const before = await priceOnB();
    expect(await foundOnB()).toBe(true);
    const { id: variantId } = (
      (await admin.get("/api/admin/products?q=CANTPOO-1")).json() as {
        products: { variants: { id: string; sku: string }[] }[];
      }
    ).products[0]?.variants.find((v) => v.sku === "CANTPOO-1") ?? { id: "" };
    expect(
      (
        await admin.patch(`/api/admin/variants/${variantId}`, {
          prices: [{ currency: "usd", amount: 2222 }],
        })
      ).statusCode,
    ).toBe(200);
    await expect.poll(priceOnB, { timeout: 1_000, interval: 20 }).toBe(2222);
    expect(before).not.toBe(2222);
    const product = (
      (await admin.get("/api/admin/products?q=poo-poo-problems")).json() as {
        products: { id: string; handle: string }[];
      }
    ).products.find((p) => p.handle === "poo-poo-problems");
    const hidden = await admin.patch(`/api/admin/products/${product?.id}`, { published: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await expect.poll(foundOnB, { timeout: 1_000, interval: 20 }).toBe(false);
  });

  it("answers at once on B for a store opened through A", async () => {
    const there = new Visitor(b.app, KITCHEN_HOST);
    // B has the host remembered as the default store's.
    expect((await there.get("/api/store")).json().storeId).toBe(PET_STORE);
    await acrossStores(() =>
      openStore(
        {
          db: a.app.db,
          mailer: a.app.mailer,
          media: a.app.media,
          rules: { platformHost: a.app.config.platformHost, defaultStoreId: PET_STORE },
        },
        {
          id: "two-kitchen",
          brandName: "Two Kitchen",
          hosts: [KITCHEN_HOST],
          ownerEmail: "owner@two-kitchen.test",
          defaultCurrency: "usd",
        },
        (host) => `http://${host}`,
      ),
    );
    await expect
      .poll(async () => (await there.get("/api/store")).json().storeId, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe("two-kitchen");
  });

  it("shares media: serves on instance B an image an admin uploaded through instance A, as sent and resized, and removing it through A empties the bucket of it", async () => {
    const admin = (
      await signedInVisitor(a.app, a.database.db, { storeId: PET_STORE, userType: "admin" }, PETS)
    ).v;
    const id = (await admin.get("/api/admin/products?q=itchy-scratchy")).json().products[0].id;
    const original = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 40, g: 120, b: 90 } },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await admin.request(
      "POST",
      `/api/admin/products/${id}/images?alt=${encodeURIComponent("A jar of drops")}`,
      original,
      { "content-type": "image/jpeg" },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json();
    const key = image.url.slice("/media/".length);
    const name = path.posix.basename(key, ".jpg");

    const shopperOnB = new Visitor(b.app, PETS);
    const sent = await shopperOnB.get(image.url);
    expect(sent.statusCode).toBe(200);
    expect(sent.rawPayload.equals(original)).toBe(true);
    const sized = await shopperOnB.request("GET", `${image.url}?w=480&shape=square`, undefined, {
      accept: "image/avif,image/webp",
    });
    expect(sized.statusCode).toBe(200);
    expect(sized.headers["content-type"]).toBe("image/avif");
    expect(await sharp(sized.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });
    const variant = await shopperOnB.get(image.url.replace(/\.jpg$/, "_728.webp"));
    expect(variant.statusCode).toBe(200);

    const media = s3MediaStore(bucket.settings);
    const ofImage = async () =>
      (await media.list(`${PET_STORE}/products/`))
        .concat(await media.list(`.sized/${PET_STORE}/products/`))
        .filter((k) => k.includes(name));
    // The original, its _728.webp variant and the storefront's square sizes made at upload.
    expect((await ofImage()).length).toBeGreaterThanOrEqual(3);

    const removed = await admin.delete(`/api/admin/products/${id}/images/${image.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await ofImage()).toEqual([]);
    expect((await shopperOnB.get(image.url)).statusCode).toBe(404);
    expect((await visitorWithOwnIp(a.app, PETS).get(image.url)).statusCode).toBe(404);
  });
});
