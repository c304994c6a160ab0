import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PETS } from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import { localMediaStore } from "./media-store.ts";
import { sizedFormat, targetSize, warmImages } from "./sized-images.ts";

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const BANNER = "/media/pet-remedies/banner.jpg";

describe("the format of a resized image", () => {
  it("is AVIF or WebP only when the browser names it, else JPEG", () => {
    expect(sizedFormat(CHROME_ACCEPT)).toBe("avif");
    expect(sizedFormat("image/webp,*/*")).toBe("webp");
    expect(sizedFormat("image/avif;q=0, image/webp")).toBe("webp");
    expect(sizedFormat("*/*")).toBe("jpeg");
    expect(sizedFormat(undefined)).toBe("jpeg");
  });

  it("is never wider than the original, and a crop keeps its shape within it", () => {
    const original = { width: 1600, height: 900 };
    expect(targetSize(original, { w: 480 })).toEqual({ width: 480 });
    expect(targetSize(original, { w: 2400 })).toEqual({ width: 1600 });
    expect(targetSize(original, { w: 2400, shape: "banner" })).toEqual({
      width: 1600,
      height: 615,
    });
    expect(targetSize(original, { w: 2400, shape: "square" })).toEqual({
      width: 900,
      height: 900,
    });
  });
});

describe("images under /media", () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(os.tmpdir(), "storefront-sized-"));
    await mkdir(path.join(mediaDir, "pet-remedies"));
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c0392b" } })
      .jpeg()
      .toFile(path.join(mediaDir, "pet-remedies", "banner.jpg"));
    t = await createTestApp({ mediaDir });
  });
  afterAll(() => t.close());

  const get = (url: string, accept = CHROME_ACCEPT) =>
    t.app.inject({ url, headers: { host: PETS, accept } });
  const sizeOf = async (body: Buffer) => {
    const { width, height, format } = await sharp(body).metadata();
    return { width, height, format };
  };

  it("answers the original as it is", async () => {
    const res = await get(BANNER);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(await sizeOf(res.rawPayload)).toEqual({ width: 1600, height: 900, format: "jpeg" });
  });

  it("resizes to a width of the list in the best format the browser names, and says it varies by Accept", async () => {
    const avif = await get(`${BANNER}?w=480`);
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.headers.vary).toContain("Accept");
    expect(avif.headers["cache-control"]).toBe("public, max-age=604800");
    expect(await sizeOf(avif.rawPayload)).toMatchObject({ width: 480, height: 270 });

    const webp = await get(`${BANNER}?w=480`, "image/webp,*/*");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(await sizeOf(webp.rawPayload)).toEqual({ width: 480, height: 270, format: "webp" });

    const jpeg = await get(`${BANNER}?w=96`, "*/*");
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(await sizeOf(jpeg.rawPayload)).toMatchObject({ width: 96, format: "jpeg" });
  });

  it("crops to a slot's shape, never enlarging the original", async () => {
    const square = await get(`${BANNER}?w=320&shape=square`, "image/webp");
    expect(await sizeOf(square.rawPayload)).toEqual({ width: 320, height: 320, format: "webp" });
    const banner = await get(`${BANNER}?w=2400&shape=banner`, "image/webp");
    expect(await sizeOf(banner.rawPayload)).toEqual({ width: 1600, height: 615, format: "webp" });
  });

  it("makes each copy once, however many ask for it at the same time, and keeps it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(`${BANNER}?w=800&shape=wide`, "image/webp")),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    for (const answer of answers) {
      expect(answer.headers["cache-control"]).toBe("public, max-age=604800");
      expect(await sizeOf(answer.rawPayload)).toEqual({ width: 800, height: 450, format: "webp" });
    }
    const kept = await readdir(path.join(mediaDir, ".sized", "pet-remedies"));
    expect(kept.filter((f) => f.startsWith("banner_800_wide"))).toEqual(["banner_800_wide.webp"]);
    expect(kept.filter((f) => f.includes("partial"))).toEqual([]);
    const again = await get(`${BANNER}?w=800&shape=wide`, "image/webp");
    expect(again.rawPayload.equals(answers[0]?.rawPayload ?? Buffer.alloc(0))).toBe(true);
  });

  it("keeps one copy for every width past the original's", async () => {
    await get(`${BANNER}?w=1600&shape=banner`, "image/webp");
    await get(`${BANNER}?w=2400&shape=banner`, "image/webp");
    const kept = await readdir(path.join(mediaDir, ".sized", "pet-remedies"));
    expect(kept.filter((f) => f.endsWith("_banner.webp"))).toEqual(["banner_1600_banner.webp"]);
  });

  it("sizes a phone's portrait photo as it is shown, never enlarging it", async () => {
    // Stored 1600 wide and 1200 high, shown turned a quarter (EXIF orientation 6): 1200 wide.
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#2d5f5a" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path.join(mediaDir, "pet-remedies", "portrait.jpg"));
    const res = await get("/media/pet-remedies/portrait.jpg?w=1600", "image/webp");
    expect(await sizeOf(res.rawPayload)).toEqual({ width: 1200, height: 1600, format: "webp" });
  });

  it("sends the original of an image it cannot resize, and tells caches not to keep it", async () => {
    await writeFile(path.join(mediaDir, "pet-remedies", "broken.jpg"), "not an image");
    for (let i = 0; i < 2; i++) {
      const res = await get("/media/pet-remedies/broken.jpg?w=96", "image/webp");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/jpeg");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).toBe("not an image");
    }
  });

  it("makes a product image's usual sizes ahead of its first visitor", async () => {
    const made = await warmImages(
      localMediaStore(mediaDir),
      ["/media/pet-remedies/banner.jpg", "https://elsewhere.example/a.jpg", "/media/.sized/x.jpg"],
      [{ shape: "square", widths: [480, 640, 800, 1600] }],
      t.app.log,
    );
    // 480, 640 and 800, and 1600 as wide as the original's square allows (900).
    expect(made).toBe(4);
    const kept = await readdir(path.join(mediaDir, ".sized", "pet-remedies"));
    for (const width of [480, 640, 800, 900]) {
      expect(kept).toContain(`banner_${width}_square.avif`);
    }
  });

  it("makes no more of them once the server is stopping: a stop is not held up by a head start", async () => {
    const stopping = new AbortController();
    stopping.abort();
    const made = await warmImages(
      localMediaStore(mediaDir),
      ["/media/pet-remedies/banner.jpg"],
      [{ shape: "wide", widths: [480, 800] }],
      t.app.log,
      stopping.signal,
    );
    expect(made).toBe(0);
    const kept = await readdir(path.join(mediaDir, ".sized", "pet-remedies"));
    expect(kept.some((name) => name.endsWith("_wide.avif"))).toBe(false);
  });

  it("refuses a width off the list, a crop without a width and an unknown parameter with a 400 that says why", async () => {
    const width = await get(`${BANNER}?w=500`);
    expect(width.statusCode).toBe(400);
    expect(width.json().error.message).toBe(
      "w: w must be one of 96, 192, 320, 480, 640, 800, 1200, 1600, 2400",
    );
    const shape = await get(`${BANNER}?shape=square`);
    expect(shape.statusCode).toBe(400);
    expect(shape.json().error.message).toBe("w: A crop (shape) needs a width (w)");
    const odd = await get(`${BANNER}?w=480&shape=circle`);
    expect(odd.json().error.message).toBe(
      "shape: shape must be one of square, photo, wide, banner",
    );
    expect((await get(`${BANNER}?w=480&x=2`)).statusCode).toBe(400);
    // A version added to bust caches is allowed, with a width or without.
    expect((await get(`${BANNER}?v=2`)).statusCode).toBe(200);
    expect((await get(`${BANNER}?v=2&w=96`)).statusCode).toBe(200);
  });

  it("makes an image's _728.webp variant from its original when it is missing, and keeps it", async () => {
    const res = await get("/media/pet-remedies/banner_728.webp");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(await sizeOf(res.rawPayload)).toEqual({ width: 728, height: 409, format: "webp" });
    expect(await readdir(path.join(mediaDir, "pet-remedies"))).toContain("banner_728.webp");
    expect((await get("/media/pet-remedies/none_728.webp")).statusCode).toBe(404);
  });

  it("answers 404 for a missing image, a path out of the folder and the kept copies' folder", async () => {
    expect((await get("/media/pet-remedies/none.jpg?w=480")).statusCode).toBe(404);
    expect((await get("/media/pet-remedies/none.jpg")).statusCode).toBe(404);
    expect((await get("/media/.sized/pet-remedies/banner_800_wide.webp")).statusCode).toBe(404);
    expect((await get("/media/pet-remedies/%2e%2e/%2e%2e/etc/passwd")).statusCode).toBe(404);
  });
});
