import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PET_STORE, PETS, signedInVisitor, visitorWithOwnIp } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp, testConfig } from "../../../test/helper.ts";
import { startTestBucket, type TestBucket } from "../../../test/s3.ts";
import { Visitor } from "../../../test/visitor.ts";
import { buildApp } from "../../app.ts";
import { type DatabaseHandle, openDatabase } from "../../db/index.ts";
import { s3MediaStore } from "./s3-media-store.ts";

/** Two instances behind one load balancer: one PostgreSQL database, one bucket. */
describe("two instances sharing one bucket", () => {
  let bucket: TestBucket;
  let a: TestApp;
  let b: { app: TestApp["app"]; handle: DatabaseHandle };
  beforeAll(async () => {
    bucket = await startTestBucket();
    a = await createTestApp({ mediaS3: bucket.settings });
    const url = a.database.url;
    if (!url) throw new Error("a PostgreSQL database");
    const handle = await openDatabase({ databaseUrl: url });
    // Its own empty folder: anything it serves comes from the bucket.
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-media-b-"));
    const app = await buildApp({
      config: testConfig({ databaseUrl: url, mediaDir, mediaS3: bucket.settings }),
      db: handle.db,
      web: false,
    });
    await app.ready();
    b = { app, handle };
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.handle.close();
    await a?.close();
    await bucket?.close();
  });

  it("serves on instance B an image an admin uploaded through instance A, as sent and resized, and removing it through A empties the bucket of it", async () => {
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
