import { REVIEW_MESSAGES as M } from "@storefront/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError, GARDEN } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { reviewsTestHelpers } from "./reviews-test-helpers.ts";

describe("reviews API", () => {
  const t = useTestApp();
  const { visitor, product, seed, list, descriptions } = reviewsTestHelpers(() => t);

  describe("GET /api/products/:handle/reviews", () => {
    describe("sorting and filtering", () => {
      let p: Awaited<ReturnType<typeof product>>;
      beforeAll(async () => {
        p = await product();
        await seed(p, [
          { description: "A", rating: 3, daysAgo: 5, helpful: 2 },
          { description: "B", rating: 5, daysAgo: 1, helpful: 0, photos: 1 },
          { description: "C", rating: 1, daysAgo: 9, helpful: 7 },
          { description: "D", rating: 5, daysAgo: 3, helpful: 2, photos: 2 },
          { description: "E", rating: 4, daysAgo: 7, helpful: 0 },
          { description: "F (hidden)", rating: 1, daysAgo: 0, helpful: 99, hidden: true },
        ]);
      });

      it.each([
        ["latest", ["B", "D", "A", "E", "C"]],
        ["oldest", ["C", "E", "A", "D", "B"]],
        ["highest", ["B", "D", "E", "A", "C"]],
        ["lowest", ["C", "A", "E", "B", "D"]],
        // Most helpful, then newest first among equal counts.
        ["helpful", ["C", "D", "A", "B", "E"]],
      ])("sorts by %s", async (sort, order) => {
        expect(descriptions(await list(p.handle, `sort=${sort}`))).toEqual(order);
      });

      it("sorts by Latest when no sort is given", async () => {
        expect(descriptions(await list(p.handle))).toEqual(["B", "D", "A", "E", "C"]);
      });

      it("answers the aggregates of every visible review, whatever the filters", async () => {
        const expected = {
          // (3 + 5 + 1 + 5 + 4) / 5 = 3.6
          average: 3.6,
          count: 5,
          distribution: [
            { stars: 5, count: 2, percent: 40 },
            { stars: 4, count: 1, percent: 20 },
            { stars: 3, count: 1, percent: 20 },
            { stars: 2, count: 0, percent: 0 },
            { stars: 1, count: 1, percent: 20 },
          ],
        };
        expect((await list(p.handle)).summary).toEqual(expected);
        expect((await list(p.handle, "rating=5&photos=true&q=d")).summary).toEqual(expected);
      });

      it("filters by star value, and all shows every rating", async () => {
        const five = await list(p.handle, "rating=5");
        expect(descriptions(five)).toEqual(["B", "D"]);
        expect(five.total).toBe(2);
        expect(descriptions(await list(p.handle, "rating=2"))).toEqual([]);
        expect((await list(p.handle, "rating=all")).total).toBe(5);
      });

      it("shows only reviews with photos or videos when asked", async () => {
        const page = await list(p.handle, "photos=true");
        expect(descriptions(page)).toEqual(["B", "D"]);
        expect(page.reviews.map((r) => r.media.length)).toEqual([1, 2]);
      });

      it("combines filters with the sort", async () => {
        expect(descriptions(await list(p.handle, "photos=1&rating=5&sort=oldest"))).toEqual([
          "D",
          "B",
        ]);
      });

      it("never lists a hidden review or counts it", async () => {
        const page = await list(p.handle, "sort=helpful");
        expect(descriptions(page)).not.toContain("F (hidden)");
        expect(page.total).toBe(5);
      });

      it.each([
        "sort=best",
        "rating=0",
        "rating=6",
        "photos=yes",
        "page=0",
        "page=two",
        `q=${"x".repeat(101)}`,
        "colour=red",
      ])("refuses ?%s with a 400", async (query) => {
        const res = await visitor().get(`/api/products/${p.handle}/reviews?${query}`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.code).toBe("invalid");
      });

      it("answers 404 for a product that does not exist", async () => {
        const res = await visitor().get("/api/products/no-such-product/reviews");
        expectError(res, 404, "not_found", M.productNotFound);
      });
    });

    describe("searching with q", () => {
      let p: Awaited<ReturnType<typeof product>>;
      beforeAll(async () => {
        p = await product();
        await seed(p, [
          { description: "My dog loved the TASTE", name: "Ann" },
          { description: "Calmer during storms", title: "Thunder buddy", name: "Bo" },
          { description: "Saved 100% of our evenings", name: "Cy" },
          { description: "Works well", name: "Dana Storm" },
          { description: "Nothing to report_here", name: "Ed" },
        ]);
      });

      it("finds text in the description, title and name, whatever the case", async () => {
        expect(descriptions(await list(p.handle, "q=taste"))).toEqual(["My dog loved the TASTE"]);
        expect(descriptions(await list(p.handle, "q=THUNDER"))).toEqual(["Calmer during storms"]);
        expect(descriptions(await list(p.handle, "q=storm")).sort()).toEqual([
          "Calmer during storms",
          "Works well",
        ]);
      });

      it("takes % and _ literally", async () => {
        expect(descriptions(await list(p.handle, "q=100%25"))).toEqual([
          "Saved 100% of our evenings",
        ]);
        // As patterns, "d%t" and "d_g" would match "My dog loved the TASTE".
        expect(descriptions(await list(p.handle, "q=d%25t"))).toEqual([]);
        expect(descriptions(await list(p.handle, "q=d_g"))).toEqual([]);
        expect(descriptions(await list(p.handle, "q=report_"))).toEqual(["Nothing to report_here"]);
      });

      it("ignores blank search text and reports the matches in total", async () => {
        expect((await list(p.handle, "q=%20%20")).total).toBe(5);
        const none = await list(p.handle, "q=parrot");
        expect(none.total).toBe(0);
        expect(none.has_more).toBe(false);
        expect(none.summary.count).toBe(5);
      });
    });

    describe("paging in 25s with page", () => {
      async function productWith(count: number) {
        const p = await product();
        await seed(
          p,
          Array.from({ length: count }, (_, i) => ({ description: `R${i + 1}`, daysAgo: i })),
        );
        return p;
      }

      it.each([
        [24, [24], false],
        [25, [25], false],
        [26, [25, 1], true],
        [50, [25, 25], true],
      ])("with %i reviews, the pages hold %j", async (count, sizes, morePages) => {
        const p = await productWith(count);
        const first = await list(p.handle);
        expect(first.page_size).toBe(25);
        expect(first.total).toBe(count);
        expect(first.reviews).toHaveLength(sizes[0] ?? 0);
        expect(first.has_more).toBe(morePages);

        const seen = descriptions(first);
        if (morePages) {
          const second = await list(p.handle, "page=2");
          expect(second.page).toBe(2);
          expect(second.reviews).toHaveLength(sizes[1] ?? 0);
          expect(second.has_more).toBe(false);
          seen.push(...descriptions(second));
        }
        // Every review exactly once, newest first.
        expect(seen).toEqual(Array.from({ length: count }, (_, i) => `R${i + 1}`));

        const past = await list(p.handle, `page=${sizes.length + 1}`);
        expect(past.reviews).toEqual([]);
        expect(past.has_more).toBe(false);
        expect(past.total).toBe(count);
      });

      it("pages a filtered list by its own total", async () => {
        const p = await product();
        await seed(
          p,
          Array.from({ length: 60 }, (_, i) => ({ rating: i % 2 === 0 ? 5 : 4, daysAgo: i })),
        );
        const fives = await list(p.handle, "rating=5");
        expect(fives.total).toBe(30);
        expect(fives.has_more).toBe(true);
        const second = await list(p.handle, "rating=5&page=2");
        expect(second.reviews).toHaveLength(5);
        expect(second.reviews.every((r) => r.review_rating === 5)).toBe(true);
      });
    });

    describe("aggregates", () => {
      it("average to 2 decimals and a share per star from 5 to 1", async () => {
        const p = await product();
        await seed(p, [{ rating: 5 }, { rating: 4 }, { rating: 4 }]);
        const { summary } = await list(p.handle);
        expect(summary.average).toBe(4.33);
        expect(summary.count).toBe(3);
        expect(summary.distribution.map((d) => [d.stars, d.count, d.percent])).toEqual([
          [5, 1, 33],
          [4, 2, 67],
          [3, 0, 0],
          [2, 0, 0],
          [1, 0, 0],
        ]);
      });

      it("are zero for a product without reviews", async () => {
        const p = await product();
        const page = await list(p.handle);
        expect(page.summary).toMatchObject({ average: 0, count: 0 });
        expect(page.reviews).toEqual([]);
        expect(page.has_more).toBe(false);
      });
    });
  });

  describe("demo data", () => {
    it("gives Itchy Scratchy two pages of varied reviews, none of them verified (no demo order exists)", async () => {
      const page = await list("itchy-scratchy");
      expect(page.total).toBe(30);
      expect(page.reviews).toHaveLength(25);
      expect(page.has_more).toBe(true);
      expect(
        new Set(page.summary.distribution.filter((d) => d.count > 0).map((d) => d.stars)),
      ).toEqual(new Set([5, 4, 3, 2, 1]));
      expect(page.reviews.every((r) => r.verified === false)).toBe(true);
      expect(page.reviews.some((r) => r.owner_response !== null)).toBe(true);
      expect((await list("itchy-scratchy", "photos=true")).reviews[0]?.media[0]?.url).toMatch(
        /^\/media\/pet-remedies\/review-.+\.jpg$/,
      );
      expect((await list("itchy-scratchy", "sort=helpful")).reviews[0]?.helpful_count).toBe(17);
    });

    it("leaves the Seasonal Planting Plan without reviews (the empty state)", async () => {
      const page = await list("seasonal-planting-plan", "", visitor(GARDEN));
      expect(page.summary.count).toBe(0);
    });
  });
});
