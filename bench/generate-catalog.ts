/**
 * A large catalogue for the search benchmark: loads the demo stores, then adds COUNT generated
 * products (default 50,000) to the pet store, each with a title, a description, tags (a pet, a
 * condition), one variant with stock and prices, like the demo's own. The search index follows by
 * its triggers, as it would for any import; the tables are vacuumed and analysed after, as after
 * any bulk load (the embedded database has no autovacuum). The embedded database under DATA_DIR,
 * or PostgreSQL when DATABASE_URL is set.
 *
 *   DATA_DIR=/tmp/x node --import tsx bench/generate-catalog.ts 50000
 */
import { loadConfig } from "../apps/server/src/config.ts";
import { maintainAsOwner, openDatabase } from "../apps/server/src/db/index.ts";
import { products, variantPrices, variants } from "../apps/server/src/db/schema.ts";
import { loadDemoStores } from "../apps/server/src/db/seed/index.ts";
import { databaseServer } from "../apps/server/src/db/start.ts";

const dataDir = process.env.DATA_DIR;
const count = Number(process.argv[2] ?? "50000");
if (!dataDir || !Number.isInteger(count) || count < 1) {
  throw new Error("usage: DATA_DIR=… generate-catalog.ts [COUNT]");
}
const STORE = "pet-remedies";
const BATCH = 1_000;

const HERBS = [
  "Turmeric",
  "Chamomile",
  "Valerian",
  "Calendula",
  "Nettle",
  "Licorice",
  "Burdock",
  "Dandelion",
  "Ginger",
  "Slippery Elm",
  "Milk Thistle",
  "Skullcap",
  "Marshmallow",
  "Echinacea",
  "Astragalus",
  "Yarrow",
  "Boswellia",
  "Hawthorn",
  "Oat Straw",
  "Lemon Balm",
];
const FORMS = ["Drops", "Soft Chews", "Powder", "Tincture", "Balm", "Spray", "Capsules", "Oil"];
const QUALITIES = [
  "Gentle",
  "Daily",
  "Senior",
  "Puppy",
  "Kitten",
  "Organic",
  "Wild",
  "Classic",
  "Extra Strength",
  "Small Batch",
];
const CONDITIONS = [
  ["Allergies", "itching, scratching and hot spots"],
  ["Anxiety", "storms, fireworks and travel"],
  ["Appetite", "picky eaters and recovery"],
  ["Constipation", "regular, comfortable digestion"],
  ["Diarrhea", "loose stools and upset stomachs"],
  ["General Health", "ageing pets and everyday vitality"],
  ["Pain", "stiff joints, limping and mobility"],
  ["Urinary Tract & Stones", "bladder comfort and healthy urine"],
  ["Yeast & Fungus", "smelly ears and yeasty skin"],
] as const;
const PETS = [
  { facet: "pet", value: "dog", label: "Dogs" },
  { facet: "pet", value: "cat", label: "Cats" },
] as const;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

// DATABASE_URL's, else the embedded PostgreSQL of DATA_DIR (started for this run if it is not running).
const server = await databaseServer(loadConfig(), "command");
const database = await openDatabase({ databaseUrl: server.url });
await loadDemoStores(database.acrossStores);
const started = Date.now();
for (let from = 0; from < count; from += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
    const i = from + k;
    const [condition, about] = pick(CONDITIONS, i * 7);
    const pet = pick(PETS, i);
    const title = `${pick(QUALITIES, i * 3)} ${pick(HERBS, i * 11)} ${pick(FORMS, i * 5)} for ${pet.label} #${i}`;
    return {
      storeId: STORE,
      handle: `generated-${i}`,
      title,
      metaDescription: `${title}: herbal support for ${about}.`,
      descriptionHtml: `<p>${title} is a herbal formula for ${pet.label.toLowerCase()} that supports ${about}. Made in small batches.</p>`,
      position: 100 + i,
      tags: [
        pet,
        {
          facet: "condition" as const,
          value: condition
            .toLowerCase()
            .replaceAll("&", "and")
            .replace(/[^a-z0-9]+/g, "-"),
          label: condition,
        },
      ],
    };
  });
  await database.acrossStores.transaction(async (tx) => {
    const added = await tx.insert(products).values(rows).returning({ id: products.id });
    const variantRows = await tx
      .insert(variants)
      .values(
        added.map((p, k) => ({
          storeId: STORE,
          productId: p.id,
          sku: `GEN-${from + k}`,
          attributes: { Size: pick(["1 fl oz", "2 fl oz", "4 fl oz"], from + k) },
          stock: 100,
        })),
      )
      .returning({ id: variants.id });
    await tx.insert(variantPrices).values(
      variantRows.flatMap((v, k) => [
        {
          storeId: STORE,
          variantId: v.id,
          currency: "usd" as const,
          amount: 1995 + ((from + k) % 40) * 100,
        },
        {
          storeId: STORE,
          variantId: v.id,
          currency: "cad" as const,
          amount: 2695 + ((from + k) % 40) * 100,
        },
      ]),
    );
  });
}
await maintainAsOwner(database.url, "vacuum (analyze)");
console.log(
  `added ${count} products to ${STORE} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await database.close();
await server.stop();
