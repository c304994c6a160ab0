import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PETS } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { freePort } from "../../../test/ports.ts";
import { startTestBucket, type TestBucket } from "../../../test/s3.ts";
import { TcpProxy } from "../../../test/tcp-proxy.ts";
import { loadConfig } from "../../config.ts";
import { DEMO_STORES } from "../../db/seed/index.ts";
import { drawStoreImages } from "./drawn-images.ts";
import { localMediaStore, type MediaStore } from "./media-store.ts";
import { s3MediaStore } from "./s3-media-store.ts";

let bucket: TestBucket;
beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(() => bucket.close());

const stores: [string, () => Promise<MediaStore>][] = [
  ["the media folder", async () => localMediaStore(await mkdtemp(path.join(os.tmpdir(), "m-")))],
  ["an S3-compatible bucket", async () => s3MediaStore(bucket.settings)],
];

describe.each(stores)("media kept in %s", (_name, open) => {
  it("answers what was put under a key, lists a prefix, and forgets what is deleted", async () => {
    const media = await open();
    const bytes = Buffer.from("a photo's bytes");
    await media.put("store-a/products/one.jpg", bytes, "image/jpeg");
    await media.put("store-a/products/two.jpg", Buffer.from("two"), "image/jpeg");
    await media.put("store-b/products/one.jpg", Buffer.from("b"), "image/jpeg");

    const head = await media.head("store-a/products/one.jpg");
    expect(head).toMatchObject({ size: bytes.length });
    expect(head?.etag).toMatch(/^(W\/)?".+"$/);
    expect((await media.read("store-a/products/one.jpg"))?.equals(bytes)).toBe(true);
    const got = await media.get("store-a/products/one.jpg");
    const chunks: Buffer[] = [];
    for await (const chunk of got?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    expect(await media.list("store-a/products/")).toEqual([
      "store-a/products/one.jpg",
      "store-a/products/two.jpg",
    ]);
    expect(await media.list("store-a/products/o")).toEqual(["store-a/products/one.jpg"]);
    await media.delete(["store-a/products/one.jpg", "store-a/products/none.jpg"]);
    expect(await media.head("store-a/products/one.jpg")).toBeNull();
    expect(await media.get("store-a/products/one.jpg")).toBeNull();
    expect(await media.read("store-a/products/one.jpg")).toBeNull();
    expect(await media.list("store-b/")).toEqual(["store-b/products/one.jpg"]);
  });
});

describe("images under /media served from an S3-compatible bucket", () => {
  let t: TestApp;
  let media: MediaStore;
  const BANNER = "/media/pet-remedies/banner.jpg";
  beforeAll(async () => {
    media = s3MediaStore(bucket.settings);
    const jpeg = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: "#c0392b" },
    })
      .jpeg()
      .toBuffer();
    await media.put("pet-remedies/banner.jpg", jpeg, "image/jpeg");
    t = await createTestApp({ mediaS3: bucket.settings });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host: PETS, ...headers } });

  it("answers the original with its type, a week's caching and an ETag, and 304 for a browser's own copy", async () => {
    const res = await get(BANNER);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toBe("public, max-age=604800");
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);

    const again = await get(BANNER, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(BANNER, { "if-none-match": '"other"' })).statusCode).toBe(200);
  });

  it("makes a resized copy in the bucket on first request and answers it in the browser's format", async () => {
    const res = await get(`${BANNER}?w=480&shape=square`, { accept: "image/avif,image/webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/avif");
    expect(res.headers.vary).toContain("Accept");
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 480, height: 480 });
    expect(await media.list(".sized/pet-remedies/banner_")).toEqual([
      ".sized/pet-remedies/banner_480_square.avif",
    ]);
    const variant = await get("/media/pet-remedies/banner_728.webp");
    expect(variant.headers["content-type"]).toBe("image/webp");
    expect(await media.head("pet-remedies/banner_728.webp")).not.toBeNull();
  });

  it("answers 404 for a missing image and for the kept copies' folder", async () => {
    expect((await get("/media/pet-remedies/none.jpg")).statusCode).toBe(404);
    expect((await get("/media/pet-remedies/none.jpg?w=480")).statusCode).toBe(404);
    expect((await get("/media/.sized/pet-remedies/banner_480_square.avif")).statusCode).toBe(404);
  });
});

describe("images under /media while the bucket does not answer", () => {
  let t: TestApp;
  // Holds its port (no other test's server can take it) and resets every connection.
  const refusing = new TcpProxy("127.0.0.1", 1);
  beforeAll(async () => {
    await refusing.listen(await freePort());
    refusing.refuse();
    const endpoint = `http://127.0.0.1:${refusing.port}`;
    t = await createTestApp({ mediaS3: { ...bucket.settings, endpoint } });
  });
  afterAll(async () => {
    await t.close();
    await refusing.close();
  });

  it("answer 503 with Retry-After and a message that says so, never 500", async () => {
    for (const url of ["/media/pet-remedies/banner.jpg", "/media/pet-remedies/banner.jpg?w=480"]) {
      const res = await t.app.inject({ url, headers: { host: PETS } });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.json().error).toEqual({
        code: "unavailable",
        message: "Images cannot be reached just now. Please try again in a moment.",
      });
    }
  });
});

describe("the demo's images with a bucket", () => {
  it("are drawn into the bucket once, each with its _728.webp variant", async () => {
    const media = s3MediaStore({ ...bucket.settings });
    const store = DEMO_STORES[0];
    if (!store) throw new Error("no demo store");
    const sample = { ...store, images: store.images.slice(0, 2) };
    expect(await drawStoreImages(media, [sample])).toEqual({ written: 2 });
    expect(await drawStoreImages(media, [sample])).toEqual({ written: 0 });
    const first = sample.images[0]?.file ?? "";
    const variant = await media.read(`${store.id}/${first.replace(/\.jpg$/, "_728.webp")}`);
    expect(variant && (await sharp(variant).metadata()).format).toBe("webp");
  });
});

describe("the media settings", () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: "test", ...env });

  it("take a bucket, an endpoint and a region, and a CDN base without its trailing slash", () => {
    const config = loadConfig({
      MEDIA_S3_BUCKET: "shop-media",
      MEDIA_S3_ENDPOINT: "http://127.0.0.1:9000",
      MEDIA_S3_REGION: "eu-west-1",
      MEDIA_PUBLIC_URL: "https://cdn.example.com/media/",
    });
    expect(config.mediaS3).toEqual({
      bucket: "shop-media",
      region: "eu-west-1",
      endpoint: "http://127.0.0.1:9000",
    });
    expect(config.mediaPublicUrl).toBe("https://cdn.example.com/media");
    expect(loadConfig({}).mediaS3).toBeNull();
  });

  it("stop start-up naming a bad one", () => {
    expect(load({ MEDIA_S3_BUCKET: "Shop_Media" })).toThrow(/MEDIA_S3_BUCKET: must be a bucket/);
    expect(load({ MEDIA_S3_BUCKET: "m1", MEDIA_S3_ENDPOINT: "ftp://x" })).toThrow(
      /MEDIA_S3_BUCKET|MEDIA_S3_ENDPOINT/,
    );
    expect(load({ MEDIA_S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /MEDIA_S3_ENDPOINT: needs MEDIA_S3_BUCKET/,
    );
    expect(load({ MEDIA_PUBLIC_URL: "cdn.example.com" })).toThrow(/MEDIA_PUBLIC_URL: must be/);
  });
});
