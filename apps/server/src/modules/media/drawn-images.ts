import { createHash } from "node:crypto";
import type { DemoImage, DemoStore } from "@storefront/domain";
import sharp from "sharp";
import { type MediaStore, mediaKey } from "./media-store.ts";
import { firstVariantKey } from "./sized-images.ts";

/** Width of the resized variant every page requests first. */
const VARIANT_WIDTH = 728;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a label into at most three lines of about `width` characters. */
function wrap(label: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of label.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/**
 * A name on one line when short, else on two lines as even as its words allow ("Pawsome" /
 * "Herbals"), so a logo is as tall as its slot lets it be.
 */
function balancedLines(label: string): string[] {
  const words = label.split(/\s+/);
  if (label.length <= 10 || words.length < 2) return [label];
  let best = [label];
  let longest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < words.length; i += 1) {
    const split = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const length = Math.max(...split.map((l) => l.length));
    if (length < longest) {
      best = split;
      longest = length;
    }
  }
  return best;
}

function textLines(
  lines: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  family = "DejaVu Serif, serif",
): string {
  return lines
    .map(
      (l, i) =>
        `<text x="${x}" y="${y + i * size * 1.2}" font-family="${family}" font-size="${size}" font-weight="bold" fill="${fill}" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join("");
}

/** The typeface of an image's lettering (a logo, a label). */
function letteringOf(image: DemoImage): string {
  return image.lettering === "sans" ? "DejaVu Sans, sans-serif" : "DejaVu Serif, serif";
}

/** A scene's ground and what grows on it, below a sky already drawn. */
function sceneGround(image: DemoImage, w: number, h: number): string {
  const { primary } = image;
  switch (image.motif ?? "meadow") {
    case "garden": {
      // Clipped shrubs along a curving gravel path, a tree, and beds of flowers.
      const shrubs = Array.from({ length: 7 }, (_, i) => {
        const x = w * (0.08 + i * 0.14);
        const r = h * (0.07 + (i % 2) * 0.02);
        return `<circle cx="${x}" cy="${h * 0.6}" r="${r}" fill="${primary}" opacity="${0.75 + (i % 3) * 0.08}"/>`;
      }).join("");
      const flowers = Array.from({ length: 14 }, (_, i) => {
        const x = w * (0.05 + i * 0.068);
        const y = h * (0.7 + (i % 2) * 0.05);
        const fill = ["#f2a7b5", "#f6d365", "#ffffff", "#c9a7e8"][i % 4];
        return `<circle cx="${x}" cy="${y}" r="${h * 0.018}" fill="${fill}"/>`;
      }).join("");
      return `<rect x="0" y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="${primary}" opacity="0.55"/>
<rect x="${w * 0.68}" y="${h * 0.32}" width="${w * 0.018}" height="${h * 0.3}" fill="#6b4f3a"/>
<circle cx="${w * 0.69}" cy="${h * 0.3}" r="${h * 0.13}" fill="${primary}"/>
${shrubs}
<path d="M${w * 0.42} ${h} C ${w * 0.46} ${h * 0.85}, ${w * 0.6} ${h * 0.78}, ${w * 0.56} ${h * 0.64} L ${w * 0.6} ${h * 0.64} C ${w * 0.68} ${h * 0.78}, ${w * 0.56} ${h * 0.88}, ${w * 0.6} ${h} Z" fill="#e9dcc3"/>
${flowers}`;
    }
    case "field": {
      // Rows of hemp plants (a stem and seven narrow leaflets) on a gentle hill.
      const plants = Array.from({ length: 9 }, (_, i) => {
        const x = w * (0.06 + i * 0.11);
        const base = h * (0.78 + (i % 2) * 0.03);
        const size = h * 0.14;
        const leaves = Array.from({ length: 7 }, (_, j) => {
          const angle = -90 + (j - 3) * 24;
          return `<ellipse cx="${x}" cy="${base - size}" rx="${size * 0.5}" ry="${size * 0.07}" transform="rotate(${angle} ${x} ${base - size}) translate(${size * 0.5} 0)" fill="${primary}"/>`;
        }).join("");
        return `<rect x="${x - 2}" y="${base - size}" width="4" height="${size}" fill="${primary}"/>${leaves}`;
      }).join("");
      return `<path d="M0 ${h * 0.62} C ${w * 0.3} ${h * 0.55}, ${w * 0.65} ${h * 0.68}, ${w} ${h * 0.58} L ${w} ${h} L 0 ${h} Z" fill="${primary}" opacity="0.35"/>
<path d="M0 ${h * 0.8} C ${w * 0.35} ${h * 0.74}, ${w * 0.7} ${h * 0.86}, ${w} ${h * 0.78} L ${w} ${h} L 0 ${h} Z" fill="${primary}" opacity="0.6"/>
${plants}`;
    }
    default:
      return `<path d="M0 ${h * 0.58} C ${w * 0.25} ${h * 0.45}, ${w * 0.5} ${h * 0.68}, ${w} ${h * 0.5} L ${w} ${h} L 0 ${h} Z" fill="${primary}" opacity="0.55"/>
<path d="M0 ${h * 0.7} C ${w * 0.3} ${h * 0.62}, ${w * 0.6} ${h * 0.8}, ${w} ${h * 0.66} L ${w} ${h} L 0 ${h} Z" fill="${primary}"/>
${Array.from({ length: 9 }, (_, i) => `<circle cx="${(w / 10) * (i + 1)}" cy="${h * (0.72 + (i % 3) * 0.035)}" r="${h * 0.025}" fill="${i % 2 ? "#f2a7b5" : "#ffffff"}"/>`).join("")}`;
  }
}

/**
 * A dog's or a cat's face in `fur` colour, centred at (cx, cy) with radius r: the pets of the
 * shoppers' review photos and profile pictures.
 */
function petFace(animal: "dog" | "cat", cx: number, cy: number, r: number, fur: string): string {
  const eyes = [-1, 1]
    .map(
      (side) =>
        `<ellipse cx="${cx + side * r * 0.36}" cy="${cy - r * 0.12}" rx="${r * (animal === "cat" ? 0.13 : 0.11)}" ry="${r * 0.13}" fill="${animal === "cat" ? "#6b8e23" : "#2b2118"}"/>` +
        `<circle cx="${cx + side * r * 0.36}" cy="${cy - r * 0.12}" r="${r * 0.05}" fill="#2b2118"/>` +
        `<circle cx="${cx + side * r * 0.36 + r * 0.04}" cy="${cy - r * 0.17}" r="${r * 0.03}" fill="#fff"/>`,
    )
    .join("");
  if (animal === "dog") {
    return `<ellipse cx="${cx - r * 0.95}" cy="${cy + r * 0.05}" rx="${r * 0.32}" ry="${r * 0.62}" transform="rotate(18 ${cx - r * 0.95} ${cy})" fill="#2b2118" opacity="0.55"/>
<ellipse cx="${cx + r * 0.95}" cy="${cy + r * 0.05}" rx="${r * 0.32}" ry="${r * 0.62}" transform="rotate(-18 ${cx + r * 0.95} ${cy})" fill="#2b2118" opacity="0.55"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fur}"/>
<ellipse cx="${cx}" cy="${cy + r * 0.42}" rx="${r * 0.48}" ry="${r * 0.36}" fill="#fffaf0" opacity="0.9"/>
${eyes}
<ellipse cx="${cx}" cy="${cy + r * 0.27}" rx="${r * 0.17}" ry="${r * 0.12}" fill="#2b2118"/>
<path d="M${cx - r * 0.1} ${cy + r * 0.55} Q ${cx} ${cy + r * 0.85} ${cx + r * 0.1} ${cy + r * 0.55} Z" fill="#e8788a"/>`;
  }
  const whiskers = [-1, 1]
    .flatMap((side) =>
      [-0.06, 0.06].map(
        (dy) =>
          `<line x1="${cx + side * r * 0.25}" y1="${cy + r * 0.38}" x2="${cx + side * r * 0.95}" y2="${cy + r * (0.3 + dy * 3)}" stroke="#2b2118" stroke-width="${r * 0.025}" opacity="0.6"/>`,
      ),
    )
    .join("");
  return `<path d="M${cx - r * 0.9} ${cy - r * 0.2} L ${cx - r * 0.75} ${cy - r * 1.15} L ${cx - r * 0.2} ${cy - r * 0.85} Z" fill="${fur}"/>
<path d="M${cx + r * 0.9} ${cy - r * 0.2} L ${cx + r * 0.75} ${cy - r * 1.15} L ${cx + r * 0.2} ${cy - r * 0.85} Z" fill="${fur}"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fur}"/>
${eyes}
<path d="M${cx - r * 0.1} ${cy + r * 0.2} L ${cx + r * 0.1} ${cy + r * 0.2} L ${cx} ${cy + r * 0.32} Z" fill="#e8788a"/>
${whiskers}`;
}

/** Draws one demo image as SVG: a labelled dropper bottle, a scene, a logo, a press mark, a pet. */
export function drawSvg(image: DemoImage): string {
  const { width: w, height: h, primary, accent, label } = image;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`;
  switch (image.kind) {
    case "bottle": {
      const cx = w / 2;
      const bw = w * 0.36;
      const top = h * 0.3;
      return `${open}
<rect width="${w}" height="${h}" fill="${accent}"/>
<circle cx="${w * 0.2}" cy="${h * 0.18}" r="${w * 0.12}" fill="${primary}" opacity="0.15"/>
<circle cx="${w * 0.85}" cy="${h * 0.8}" r="${w * 0.18}" fill="${primary}" opacity="0.12"/>
<ellipse cx="${cx}" cy="${h * 0.9}" rx="${bw * 0.7}" ry="${h * 0.03}" fill="#000" opacity="0.12"/>
<rect x="${cx - w * 0.05}" y="${h * 0.1}" width="${w * 0.1}" height="${h * 0.12}" rx="${w * 0.02}" fill="#2b2118"/>
<rect x="${cx - w * 0.08}" y="${h * 0.2}" width="${w * 0.16}" height="${h * 0.1}" rx="${w * 0.015}" fill="#3d3128"/>
<rect x="${cx - bw / 2}" y="${top}" width="${bw}" height="${h * 0.6}" rx="${w * 0.06}" fill="${primary}"/>
<rect x="${cx - bw / 2 + w * 0.03}" y="${top + h * 0.16}" width="${bw - w * 0.06}" height="${h * 0.3}" rx="${w * 0.02}" fill="#fffdf7"/>
${textLines(wrap(label, 12), cx, top + h * 0.25, Math.round(w * 0.04), "#2b2118", letteringOf(image))}
</svg>`;
    }
    case "jar": {
      // A wide jar of soft chews: a screw lid, a label, and chews showing above it.
      const cx = w / 2;
      const jw = w * 0.5;
      const top = h * 0.3;
      const chews = Array.from({ length: 6 }, (_, i) => {
        const x = cx - jw * 0.36 + (i % 3) * jw * 0.36;
        const y = top + h * 0.06 + Math.floor(i / 3) * h * 0.05;
        return `<rect x="${x - w * 0.045}" y="${y}" width="${w * 0.09}" height="${h * 0.045}" rx="${w * 0.02}" fill="#c98a4b"/>`;
      }).join("");
      return `${open}
<rect width="${w}" height="${h}" fill="${accent}"/>
<circle cx="${w * 0.2}" cy="${h * 0.18}" r="${w * 0.12}" fill="${primary}" opacity="0.15"/>
<circle cx="${w * 0.85}" cy="${h * 0.8}" r="${w * 0.18}" fill="${primary}" opacity="0.12"/>
<ellipse cx="${cx}" cy="${h * 0.88}" rx="${jw * 0.6}" ry="${h * 0.03}" fill="#000" opacity="0.12"/>
<rect x="${cx - jw / 2}" y="${top}" width="${jw}" height="${h * 0.56}" rx="${w * 0.07}" fill="#f3efe6" opacity="0.95"/>
${chews}
<rect x="${cx - jw * 0.55}" y="${h * 0.2}" width="${jw * 1.1}" height="${h * 0.12}" rx="${w * 0.025}" fill="${primary}"/>
<rect x="${cx - jw / 2 + w * 0.03}" y="${top + h * 0.19}" width="${jw - w * 0.06}" height="${h * 0.26}" rx="${w * 0.02}" fill="${primary}"/>
${textLines(wrap(label, 14), cx, top + h * 0.3, Math.round(w * 0.042), "#fffdf7", letteringOf(image))}
</svg>`;
    }
    case "plan": {
      // A designer's plan from above: beds of plants in the brand's greens around a path and a lawn.
      const plants = (x: number, y: number, bw: number, bh: number, seed: number) =>
        Array.from({ length: 8 }, (_, i) => {
          // Two rows of four, each plant a little off the grid and of its own size.
          const px = x + bw * (0.14 + (i % 4) * 0.24 + (((i + seed) % 3) - 1) * 0.03);
          const py = y + bh * (0.3 + Math.floor(i / 4) * 0.4 + (((i * 2 + seed) % 3) - 1) * 0.04);
          const r = Math.min(bw, bh) * (0.11 + ((i + seed) % 3) * 0.035);
          const fill = (i + seed) % 3 === 0 ? accent : primary;
          return `<circle cx="${px}" cy="${py}" r="${r}" fill="${fill}" opacity="0.9" stroke="#ffffff" stroke-width="2"/>`;
        }).join("");
      return `${open}
<rect width="${w}" height="${h}" fill="#f7f3e8"/>
<g stroke="#d8cfbb" stroke-width="1">${Array.from({ length: 12 }, (_, i) => `<line x1="${(w / 12) * i}" y1="0" x2="${(w / 12) * i}" y2="${h}"/>`).join("")}</g>
<rect x="${w * 0.32}" y="${h * 0.39}" width="${w * 0.36}" height="${h * 0.22}" rx="${w * 0.03}" fill="#cfe3b6"/>
<path d="M0 ${h * 0.5} L ${w * 0.3} ${h * 0.5} M ${w * 0.7} ${h * 0.5} L ${w} ${h * 0.5}" stroke="#e3d5b8" stroke-width="${h * 0.06}"/>
<rect x="${w * 0.06}" y="${h * 0.08}" width="${w * 0.38}" height="${h * 0.26}" rx="${w * 0.03}" fill="${primary}" opacity="0.25"/>
<rect x="${w * 0.56}" y="${h * 0.08}" width="${w * 0.38}" height="${h * 0.26}" rx="${w * 0.03}" fill="${primary}" opacity="0.25"/>
<rect x="${w * 0.06}" y="${h * 0.66}" width="${w * 0.38}" height="${h * 0.26}" rx="${w * 0.03}" fill="${primary}" opacity="0.25"/>
<rect x="${w * 0.56}" y="${h * 0.66}" width="${w * 0.38}" height="${h * 0.26}" rx="${w * 0.03}" fill="${primary}" opacity="0.25"/>
${plants(w * 0.06, h * 0.08, w * 0.38, h * 0.26, 1)}${plants(w * 0.56, h * 0.08, w * 0.38, h * 0.26, 7)}${plants(w * 0.06, h * 0.66, w * 0.38, h * 0.26, 13)}${plants(w * 0.56, h * 0.66, w * 0.38, h * 0.26, 19)}
<circle cx="${w * 0.5}" cy="${h * 0.5}" r="${h * 0.06}" fill="${primary}" stroke="#ffffff" stroke-width="3"/>
</svg>`;
    }
    case "scene": {
      // The sun and the flowers sit within the middle two thirds of the height, so a banner's
      // crop (13:5 of a 16:9 scene, around its centre) keeps both.
      return `${open}
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}"/><stop offset="1" stop-color="#fffaf0"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${w * 0.78}" cy="${h * 0.32}" r="${h * 0.1}" fill="#f6c453" opacity="0.9"/>
${sceneGround(image, w, h)}
</svg>`;
    }
    case "pattern": {
      const leaves = Array.from({ length: 24 }, (_, i) => {
        const x = ((i * 97) % 100) / 100;
        const y = ((i * 57) % 100) / 100;
        return `<ellipse cx="${x * w}" cy="${y * h}" rx="${w * 0.05}" ry="${w * 0.02}" transform="rotate(${(i * 37) % 180} ${x * w} ${y * h})" fill="${i % 3 ? primary : "#ffffff"}" opacity="0.6"/>`;
      }).join("");
      return `${open}<rect width="${w}" height="${h}" fill="${accent}"/>${leaves}</svg>`;
    }
    case "logo": {
      // Drawn large on a wide canvas so no line is clipped; drawStoreImages crops it to the name.
      const lines = balancedLines(label);
      const size = 96;
      const cw = 1400;
      const ch = Math.round(lines.length * size * 1.2 + size);
      return `<svg xmlns="http://www.w3.org/2000/svg" width="${cw}" height="${ch}" viewBox="0 0 ${cw} ${ch}"><rect width="${cw}" height="${ch}" fill="${accent}"/>${textLines(lines, cw / 2, size * 1.25, size, primary, letteringOf(image))}</svg>`;
    }
    case "dog":
    case "cat": {
      // A square picture is a portrait (profile picture); a wide one is a shopper's photo of
      // the pet with its bottle.
      const wide = w > h * 1.1;
      const r = Math.min(w, h) * (wide ? 0.3 : 0.34);
      const cx = wide ? w * 0.38 : w / 2;
      const cy = h * (wide ? 0.5 : 0.56);
      const bottle = wide
        ? `<rect x="${w * 0.74}" y="${h * 0.42}" width="${w * 0.12}" height="${h * 0.4}" rx="${w * 0.02}" fill="#8a4b1f"/>
<rect x="${w * 0.775}" y="${h * 0.33}" width="${w * 0.05}" height="${h * 0.1}" fill="#2b2118"/>
<rect x="${w * 0.755}" y="${h * 0.52}" width="${w * 0.09}" height="${h * 0.16}" fill="#fffdf7"/>
<ellipse cx="${w / 2}" cy="${h * 0.9}" rx="${w * 0.45}" ry="${h * 0.05}" fill="#000" opacity="0.08"/>`
        : "";
      return `${open}<rect width="${w}" height="${h}" fill="${accent}"/>
<circle cx="${w * 0.85}" cy="${h * 0.15}" r="${Math.min(w, h) * 0.12}" fill="#fff" opacity="0.35"/>
${petFace(image.kind, cx, cy, r, primary)}${bottle}</svg>`;
    }
    case "press":
      return `${open}<rect width="${w}" height="${h}" fill="${accent}"/>
${textLines([label], w / 2, h * 0.6, Math.round(Math.min(h * 0.3, (w * 1.6) / label.length)), primary)}</svg>`;
  }
}

/**
 * A logo cropped to the name with a thin margin, `image.width` wide: it fills the header's slot
 * instead of sitting small in a padded box.
 */
async function croppedToName(drawn: Buffer, image: DemoImage): Promise<Buffer> {
  const trimmed = await sharp(drawn).trim({ background: image.accent, threshold: 20 }).toBuffer();
  const margin = 12;
  // (sharp resizes before it extends within one pipeline: two pipelines, to end at the width.)
  const framed = await sharp(trimmed)
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: image.accent })
    .toBuffer();
  return sharp(framed).resize({ width: image.width }).png().toBuffer();
}

/** Per store folder: each file's drawing (a hash of its SVG) as last written. */
const DRAWN_MANIFEST = ".drawn.json";

async function readManifest(media: MediaStore, key: string): Promise<Record<string, string>> {
  try {
    const bytes = await media.read(key);
    if (!bytes) return {};
    const parsed: unknown = JSON.parse(bytes.toString("utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes every image a store's blueprint draws (a demo store's art, a new store's logo drawn from its
 * name): the JPEG original and `_728.webp` variant of each that is not in the media store
 * yet, or whose drawing changed since it was written (so a new version of the demo redraws its
 * art).
 */
export async function drawStoreImages(media: MediaStore, stores: readonly DemoStore[]) {
  let written = 0;
  const exists = async (key: string) => (await media.head(key)) !== null;
  for (const store of stores) {
    const manifestKey = mediaKey(store.id, DRAWN_MANIFEST);
    const manifest = await readManifest(media, manifestKey);
    const drawnBefore = JSON.stringify(manifest);
    for (const image of store.images) {
      const original = mediaKey(store.id, image.file);
      const variant = firstVariantKey(original);
      const drawn = Buffer.from(drawSvg(image));
      const drawing = createHash("sha256").update(drawn).digest("hex").slice(0, 16);
      // (A file from before the manifest is drawn again once.)
      if (manifest[image.file] === drawing && (await exists(original)) && (await exists(variant))) {
        continue;
      }
      const svg = image.kind === "logo" ? await croppedToName(drawn, image) : drawn;
      const jpeg = await sharp(svg).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      await media.put(original, jpeg, "image/jpeg");
      const webp = await sharp(svg)
        .resize({ width: Math.min(VARIANT_WIDTH, image.width) })
        .webp({ quality: 78 })
        .toBuffer();
      await media.put(variant, webp, "image/webp");
      manifest[image.file] = drawing;
      written += 1;
    }
    if (JSON.stringify(manifest) !== drawnBefore) {
      const json = Buffer.from(JSON.stringify(manifest, null, 1));
      await media.put(manifestKey, json, "application/json");
    }
  }
  return { written };
}
