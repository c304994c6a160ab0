import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DemoImage, DemoStore } from "@storefront/domain";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawStoreImages, drawSvg } from "./drawn-images.ts";
import { localMediaStore } from "./media-store.ts";

const jar: DemoImage = {
  file: "chews.jpg",
  kind: "jar",
  label: "Calming Chews",
  primary: "#4b5fa0",
  accent: "#dfe4f5",
  width: 96,
  height: 96,
};
const storeWith = (images: DemoImage[]) => ({ id: "demo", images }) as unknown as DemoStore;

describe("the demo's images", () => {
  it("are drawn once, and drawn again when their drawing changes", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "storefront-drawn-"));
    expect(await drawStoreImages(localMediaStore(dir), [storeWith([jar])])).toEqual({ written: 1 });
    expect(await drawStoreImages(localMediaStore(dir), [storeWith([jar])])).toEqual({ written: 0 });
    const before = await readFile(path.join(dir, "demo", "chews.jpg"));
    expect(
      await drawStoreImages(localMediaStore(dir), [storeWith([{ ...jar, primary: "#a04b4b" }])]),
    ).toEqual({
      written: 1,
    });
    expect((await readFile(path.join(dir, "demo", "chews.jpg"))).equals(before)).toBe(false);
    const variant = await sharp(path.join(dir, "demo", "chews_728.webp")).metadata();
    expect(variant.format).toBe("webp");
  });

  it("draw each product as what it is: chews in a jar, a plan from above, a field of hemp", () => {
    expect(drawSvg(jar)).toContain("Calming Chews");
    // The jar's lid is wider than its body; a bottle has a narrow dropper instead.
    expect(drawSvg(jar)).not.toEqual(drawSvg({ ...jar, kind: "bottle" }));
    const scene = { ...jar, kind: "scene" as const, width: 160, height: 90 };
    const meadow = drawSvg(scene);
    expect(drawSvg({ ...scene, motif: "garden" })).not.toEqual(meadow);
    expect(drawSvg({ ...scene, motif: "field" })).not.toEqual(meadow);
    expect(drawSvg({ ...jar, kind: "logo", lettering: "sans" })).toContain("DejaVu Sans");
  });
});
