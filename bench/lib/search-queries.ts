/** The search queries shoppers type, for the search rows: typed again and again, or never before. */

/**
 * What shoppers type, as the search bar asks for it: every prefix of 2 letters or more of each
 * query (answers are reused for 5 s, so one query repeated measures the reuse; these mostly do
 * not).
 */
export const TYPED_QUERIES: readonly string[] = [
  "itchy dog",
  "hot spots",
  "fireworks",
  "turmeric chews",
  "senior cat",
  "calming drops",
  "joint pain",
  "picky eater",
  "ear infection",
  "bladder stones",
  "valerian",
  "chamomile tincture",
  "organic nettle",
  "milk thistle",
  "slippery elm",
  "skin and coat",
  "loose stool",
  "arthritis",
  "kitten",
  "puppy anxiety",
  "ginger",
  "scratching",
  "limping",
  "urinary",
  "wild yarrow",
].flatMap((q) =>
  Array.from(
    { length: q.length - 1 },
    (_, i) => `/api/search?${new URLSearchParams({ q: q.slice(0, i + 2), limit: "6" })}`,
  ),
);

/**
 * Queries no two requests share (so no answer is ever reused): a prefix of one word then a prefix
 * of another, of the words the demo and the generated catalogues use; about 15,000.
 */
export const NEW_QUERIES: readonly string[] = (() => {
  const words = [
    "calming",
    "itchy",
    "joint",
    "senior",
    "kitten",
    "puppy",
    "drops",
    "chews",
    "balm",
    "nettle",
    "ginger",
    "skin",
    "bladder",
    "stool",
    "stress",
    "travel",
    "turmeric",
    "valerian",
    "organic",
    "gentle",
    "tincture",
    "powder",
    "spray",
    "yarrow",
    "licorice",
    "burdock",
    "dandelion",
    "echinacea",
    "hawthorn",
    "fungus",
  ];
  const prefixes = (w: string) => Array.from({ length: w.length - 2 }, (_, i) => w.slice(0, i + 3));
  const queries: string[] = [];
  for (const first of words) {
    for (const second of words) {
      if (second === first) continue;
      for (const a of prefixes(first).slice(-3)) {
        for (const b of prefixes(second).slice(0, 6)) queries.push(`${a} ${b}`);
      }
    }
  }
  // Shuffled the same way every run, so consecutive requests do not share a first word.
  let seed = 1;
  for (let i = queries.length - 1; i > 0; i -= 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    const j = seed % (i + 1);
    [queries[i], queries[j]] = [queries[j] as string, queries[i] as string];
  }
  return queries.map((q) => `/api/search?${new URLSearchParams({ q, limit: "6" })}`);
})();

/** The queries a load row with `rotate` takes in turn (throughput.ts). */
export const ROTATIONS = { typed: TYPED_QUERIES, new: NEW_QUERIES } as const;
