import { REVIEW_MESSAGES as M, type Review, type ReviewPage } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createUser,
  expectError,
  GARDEN,
  GOOD_CARD,
  HEMP,
  HEMP_STORE,
  NY_ADDRESS,
  outboxTo,
  PET_STORE,
  PETS,
  quoteAddress,
  signedInVisitor,
  signIn,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { adminAudit, products, reviews, reviewVotes } from "../../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
let serial = 0;

describe("reviews API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const visitor = (host = PETS) => visitorWithOwnIp(t.app, host);

  /** A published product of its own, so a test controls every review it has. */
  async function product(storeId = PET_STORE, handle?: string) {
    serial += 1;
    const [row] = await t.database.db
      .insert(products)
      .values({
        storeId,
        handle: handle ?? `review-test-${serial}-${Math.random().toString(36).slice(2, 8)}`,
        title: `Review Test Product ${serial}`,
        descriptionHtml: "<p>For tests.</p>",
        metaDescription: "For tests.",
      })
      .returning();
    if (!row) throw new Error("no product");
    return row;
  }

  interface Seeded {
    rating?: number;
    daysAgo?: number;
    helpful?: number;
    title?: string;
    description?: string;
    name?: string;
    photos?: number;
    hidden?: boolean;
    email?: string;
  }

  /** Reviews written straight into the database, dated `daysAgo` (default: in list order). */
  async function seed(p: { id: string; storeId: string }, specs: Seeded[]) {
    const now = Date.now();
    const rows = await t.database.db
      .insert(reviews)
      .values(
        specs.map((s, i) => {
          serial += 1;
          return {
            storeId: p.storeId,
            productId: p.id,
            reviewId: `seed-${serial}`,
            rating: s.rating ?? 5,
            title: s.title ?? "",
            description: s.description ?? `Review number ${i + 1}`,
            reviewerName: s.name ?? `Reviewer ${i + 1}`,
            reviewerEmail: s.email ?? `reviewer.${serial}@example.com`,
            media: Array.from({ length: s.photos ?? 0 }, (_, k) => ({
              type: "image" as const,
              url: `/media/${p.storeId}/photo-${k}.jpg`,
              alt: `Photo ${k + 1}`,
            })),
            helpfulCount: s.helpful ?? 0,
            hidden: s.hidden ?? false,
            createdAt: new Date(now - (s.daysAgo ?? i) * DAY_MS),
          };
        }),
      )
      .returning();
    return rows;
  }

  async function list(handle: string, query = "", v: Visitor = visitor()): Promise<ReviewPage> {
    const res = await v.get(`/api/products/${handle}/reviews${query ? `?${query}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const descriptions = (page: ReviewPage) => page.reviews.map((r) => r.review_description);

  function submission(handle: string, change: Record<string, unknown> = {}) {
    serial += 1;
    return {
      handle,
      review_id: `${Date.now()}${serial}`,
      review_rating: 4,
      reviewer_name: "  Jane Doe  ",
      review_description: "Calm through the whole storm.",
      review_title: "",
      reviewer_email: "Jane.Doe@Example.com",
      ...change,
    };
  }

  async function admin(storeId = PET_STORE, host = PETS) {
    return (await signedInVisitor(t.app, t.database.db, { storeId, userType: "admin" }, host)).v;
  }

  describe("POST /reviews/addReview", () => {
    it("publishes it at once, first under Latest, with the name trimmed and no email in any answer", async () => {
      const p = await product();
      await seed(p, [{ daysAgo: 1 }, { daysAgo: 2 }]);
      const before = await list(p.handle);
      expect(before.summary.count).toBe(2);

      const body = submission(p.handle);
      const res = await visitor().post(`/reviews/addReview?store_id=${PET_STORE}`, body);
      expect(res.statusCode, res.body).toBe(201);
      const review: Review = res.json().review;
      expect(review).toEqual({
        review_id: body.review_id,
        review_rating: 4,
        review_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        review_title: "",
        review_description: "Calm through the whole storm.",
        reviewer_name: "Jane Doe",
        profile_image: null,
        product_name: p.title,
        owner_response: null,
        verified: false,
        helpful_count: 0,
        media: [],
        voted: false,
      });
      expect(res.body).not.toContain("example.com");

      // The listing answered a moment ago is not served again: the new review is there at once.
      const after = await list(p.handle);
      expect(after.summary.count).toBe(3);
      expect(after.reviews[0]?.review_id).toBe(body.review_id);
      const listed = await visitor().get(`/api/products/${p.handle}/reviews`);
      expect(listed.body).not.toContain("@");
      expect(listed.body).not.toContain("reviewer_email");

      const [row] = await t.database.db
        .select()
        .from(reviews)
        .where(eq(reviews.reviewId, body.review_id));
      expect(row?.reviewerEmail).toBe("jane.doe@example.com");
    });

    it("stores the same review sent twice once (idempotent on review_id)", async () => {
      const p = await product();
      const body = submission(p.handle);
      const v = visitor();
      const first = await v.post("/reviews/addReview", body);
      expect(first.statusCode).toBe(201);
      const again = await v.post("/reviews/addReview", body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const rows = await t.database.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.storeId, PET_STORE), eq(reviews.reviewId, body.review_id)));
      expect(rows).toHaveLength(1);
      expect((await list(p.handle)).summary.count).toBe(1);
    });

    it("refuses another review from the same visitor under a review_id they used (409)", async () => {
      const p = await product();
      const body = submission(p.handle);
      const v = visitor();
      expect((await v.post("/reviews/addReview", body)).statusCode).toBe(201);
      const other = { ...body, review_description: "Something else entirely." };
      expectError(await v.post("/reviews/addReview", other), 409, "conflict", M.reviewIdTaken);
      expect((await list(p.handle)).reviews.map((r) => r.review_description)).toEqual([
        body.review_description,
      ]);
    });

    it("publishes a visitor's review even when someone else took its review_id first, under an id of its own", async () => {
      const p = await product();
      const victim = submission(p.handle);
      const squat = { ...victim, review_description: "Squatted the id.", review_rating: 1 };
      const squatter = visitor();
      expect((await squatter.post("/reviews/addReview", squat)).statusCode).toBe(201);

      const v = visitor();
      const first = await v.post("/reviews/addReview", victim);
      expect(first.statusCode, first.body).toBe(201);
      const published: Review = first.json().review;
      expect(published.review_description).toBe(victim.review_description);
      expect(published.review_id).not.toBe(victim.review_id);
      // The same visitor's resend is still the same review.
      const again = await v.post("/reviews/addReview", victim);
      expect(again.statusCode).toBe(200);
      expect(again.json().review.review_id).toBe(published.review_id);
      // The squatter's resend of theirs answers theirs, not the victim's.
      const theirs = await squatter.post("/reviews/addReview", squat);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().review.review_id).toBe(victim.review_id);

      const page = await list(p.handle);
      expect(page.summary.count).toBe(2);
      expect(new Set(page.reviews.map((r) => r.review_id)).size).toBe(2);
      // Votes and the owner's changes reach each by its public id.
      const vote = await visitor().post(`/api/reviews/${published.review_id}/helpful`, undefined);
      expect(vote.json()).toEqual({ helpful_count: 1, voted: true });
    });

    it("keeps a signed-in shopper's review_id theirs on another device, and another account's own", async () => {
      const p = await product();
      const { v, user } = await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE }, PETS);
      const body = submission(p.handle);
      expect((await v.post("/reviews/addReview", body)).statusCode).toBe(201);
      const laptop = visitor();
      expect((await signIn(laptop, user.email)).statusCode).toBe(200);
      expect((await laptop.post("/reviews/addReview", body)).statusCode).toBe(200);
      const { v: someoneElse } = await signedInVisitor(
        t.app,
        t.database.db,
        { storeId: PET_STORE },
        PETS,
      );
      expect((await someoneElse.post("/reviews/addReview", body)).statusCode).toBe(201);
      expect((await list(p.handle)).summary.count).toBe(2);
    });

    it.each([
      ["no rating", { review_rating: undefined }, "review_rating", M.ratingRequired],
      ["a rating of 0", { review_rating: 0 }, "review_rating", M.ratingRequired],
      ["a rating of 6", { review_rating: 6 }, "review_rating", M.ratingRequired],
      ["a blank name", { reviewer_name: "   " }, "reviewer_name", M.nameRequired],
      [
        "a name of 101 characters",
        { reviewer_name: "n".repeat(101) },
        "reviewer_name",
        M.nameTooLong,
      ],
      ["no email", { reviewer_email: "" }, "reviewer_email", M.emailRequired],
      ["a malformed email", { reviewer_email: "jane@" }, "reviewer_email", M.emailInvalid],
      [
        "a blank review",
        { review_description: " \n\t " },
        "review_description",
        M.descriptionRequired,
      ],
      [
        "a review of 5001 characters",
        { review_description: "x".repeat(5001) },
        "review_description",
        M.descriptionTooLong,
      ],
      ["a review_id with a slash", { review_id: "12/34" }, "review_id", M.reviewIdInvalid],
    ])("refuses %s with a 400 that names the field", async (_name, change, field, message) => {
      const p = await product();
      const res = await visitor().post("/reviews/addReview", submission(p.handle, change));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("invalid");
      expect(res.json().error.fields[field]).toBe(message);
      expect((await list(p.handle)).summary.count).toBe(0);
    });

    it("refuses fields the spec does not send, such as verified", async () => {
      const p = await product();
      const res = await visitor().post("/reviews/addReview", {
        ...submission(p.handle),
        verified: true,
      });
      expect(res.statusCode).toBe(400);
    });

    it("answers 404 for a product that does not exist in the store", async () => {
      expectError(
        await visitor().post("/reviews/addReview", submission("no-such-product")),
        404,
        "not_found",
        M.productNotFound,
      );
    });

    it("refuses a store_id that is not the Host's store", async () => {
      const p = await product();
      expectError(
        await visitor().post(`/reviews/addReview?store_id=${HEMP_STORE}`, submission(p.handle)),
        400,
        "invalid",
        "store_id does not match this store",
      );
      expect((await list(p.handle)).summary.count).toBe(0);
    });

    it("limits one address to 20 reviews an hour (429)", async () => {
      const p = await product();
      const v = visitor();
      for (let i = 0; i < 20; i += 1) {
        expect((await v.post("/reviews/addReview", submission(p.handle))).statusCode).toBe(201);
      }
      const refused = await v.post("/reviews/addReview", submission(p.handle));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
    });
  });

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

  describe("POST /api/reviews/:id/helpful", () => {
    it("counts one vote per IP: twenty visitors dropping their cookies on one address add one", async () => {
      const p = await product();
      const [review] = await seed(p, [{ helpful: 0 }]);
      const id = review?.reviewId ?? "";
      const vote = (ip: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/reviews/${id}/helpful`,
          remoteAddress: ip,
          headers: { host: PETS },
        });
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await vote("198.51.100.77"));
      expect(answers.map((a) => a.statusCode).every((s) => s === 200)).toBe(true);
      expect(answers[0]?.json()).toEqual({ helpful_count: 1, voted: true });
      expect(answers[19]?.json()).toEqual({ helpful_count: 1, voted: false });
      // Another address is another vote.
      expect((await vote("198.51.100.78")).json()).toEqual({ helpful_count: 2, voted: true });
    });

    it("counts one vote per visitor, remembered by a session cookie, and takes it back when pressed again", async () => {
      const p = await product();
      const [review] = await seed(p, [{ helpful: 3 }]);
      const id = review?.reviewId ?? "";
      const shopper = visitor();

      const first = await shopper.post(`/api/reviews/${id}/helpful`, undefined);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ helpful_count: 4, voted: true });
      const cookie = first.cookies.find((c) => c.name === "sf_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

      // Again: still one vote.
      expect((await shopper.post(`/api/reviews/${id}/helpful`, undefined)).json()).toEqual({
        helpful_count: 4,
        voted: true,
      });
      expect((await list(p.handle, "", shopper)).reviews[0]).toMatchObject({
        helpful_count: 4,
        voted: true,
      });

      // Someone else sees the count but not a vote of theirs, and adds their own.
      const other = visitor();
      expect((await list(p.handle, "", other)).reviews[0]).toMatchObject({ voted: false });
      expect((await other.post(`/api/reviews/${id}/helpful`, undefined)).json()).toEqual({
        helpful_count: 5,
        voted: true,
      });

      // Taking it back, twice, takes one vote off.
      expect((await shopper.delete(`/api/reviews/${id}/helpful`)).json()).toEqual({
        helpful_count: 4,
        voted: false,
      });
      expect((await shopper.delete(`/api/reviews/${id}/helpful`)).json()).toEqual({
        helpful_count: 4,
        voted: false,
      });
      // A visitor who never voted takes nothing back.
      expect((await visitor().delete(`/api/reviews/${id}/helpful`)).json()).toEqual({
        helpful_count: 4,
        voted: false,
      });
    });

    it("counts concurrent votes of one visitor once", async () => {
      const p = await product();
      const [review] = await seed(p, [{}]);
      const shopper = visitor();
      await shopper.post(`/api/reviews/${review?.reviewId}/helpful`, undefined);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          shopper.post(`/api/reviews/${review?.reviewId}/helpful`, undefined),
        ),
      );
      expect(results.map((r) => r.json().helpful_count)).toEqual([1, 1, 1, 1, 1]);
      const votes = await t.database.db
        .select()
        .from(reviewVotes)
        .where(eq(reviewVotes.reviewId, review?.id ?? ""));
      expect(votes).toHaveLength(1);
      expect(votes[0]?.voter).toMatch(/^session:[A-Za-z0-9_-]{43}$/);
    });

    it("counts a signed-in shopper's vote for the account, whichever browser it uses", async () => {
      const p = await product();
      const [review] = await seed(p, [{}]);
      const user = await createUser(t.database.db);
      const browsers = [visitor(), visitor()];
      for (const b of browsers) {
        const res = await signIn(b, user.email);
        expect(res.statusCode).toBe(200);
      }
      expect(
        (await browsers[0]?.post(`/api/reviews/${review?.reviewId}/helpful`, undefined))?.json(),
      ).toEqual({ helpful_count: 1, voted: true });
      expect(
        (await browsers[1]?.post(`/api/reviews/${review?.reviewId}/helpful`, undefined))?.json(),
      ).toEqual({ helpful_count: 1, voted: true });
      expect((await list(p.handle, "", browsers[1])).reviews[0]?.voted).toBe(true);
    });

    it("refuses a vote on a hidden review or on one that does not exist", async () => {
      const p = await product();
      const [hidden] = await seed(p, [{ hidden: true }]);
      for (const id of [hidden?.reviewId, "no-such-review"]) {
        expectError(
          await visitor().post(`/api/reviews/${id}/helpful`, undefined),
          404,
          "not_found",
          M.reviewNotFound,
        );
      }
    });
  });

  describe("/api/admin/reviews (the store owner)", () => {
    it("PATCH hidden takes a review out of the list, the aggregates and the votes until it is shown again", async () => {
      const p = await product();
      const [keep, hide] = await seed(p, [
        { rating: 5, description: "keep" },
        { rating: 1, description: "hide" },
      ]);
      const owner = await admin();
      const res = await owner.patch(`/api/admin/reviews/${hide?.reviewId}`, { hidden: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        review_id: hide?.reviewId,
        hidden: true,
        reviewer_email: hide?.reviewerEmail,
        product_handle: p.handle,
      });

      const page = await list(p.handle);
      expect(descriptions(page)).toEqual(["keep"]);
      expect(page.summary).toMatchObject({ average: 5, count: 1 });
      expect((await list(p.handle, "rating=1")).reviews).toEqual([]);
      expect(
        (await visitor().post(`/api/reviews/${hide?.reviewId}/helpful`, undefined)).statusCode,
      ).toBe(404);
      expect(keep).toBeDefined();

      await owner.patch(`/api/admin/reviews/${hide?.reviewId}`, { hidden: false });
      expect((await list(p.handle)).summary.count).toBe(2);
    });

    it("PATCH owner_response writes the response every visitor reads, and an empty text removes it", async () => {
      const p = await product();
      const [review] = await seed(p, [{}]);
      const owner = await admin();
      const text = "Thank you for the kind words!";
      const res = await owner.patch(`/api/admin/reviews/${review?.reviewId}`, {
        owner_response: `  ${text} `,
      });
      expect(res.json().owner_response).toBe(text);
      expect((await list(p.handle)).reviews[0]?.owner_response).toBe(text);

      await owner.patch(`/api/admin/reviews/${review?.reviewId}`, { owner_response: "" });
      expect((await list(p.handle)).reviews[0]?.owner_response).toBeNull();

      // Each change is in the store's audit, with the response before and after.
      const lines = await t.database.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.target, `review ${review?.reviewId}`))
        .orderBy(adminAudit.createdAt);
      expect(lines.map((l) => [l.action, l.before?.ownerResponse, l.after?.ownerResponse])).toEqual(
        [
          ["review.update", null, text],
          ["review.update", text, null],
        ],
      );
      expect(lines[0]?.actorEmail).toMatch(/@/);
    });

    it("GET lists every review, hidden ones and reviewers' emails included", async () => {
      const p = await product();
      await seed(p, [
        { description: "visible", email: "visible@example.com" },
        { description: "hidden", email: "hidden@example.com", hidden: true },
      ]);
      const res = await (await admin()).get(`/api/admin/reviews?handle=${p.handle}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(
        res
          .json()
          .reviews.map((r: { reviewer_email: string; hidden: boolean }) => [
            r.reviewer_email,
            r.hidden,
          ]),
      ).toEqual([
        ["visible@example.com", false],
        ["hidden@example.com", true],
      ]);
    });

    it("answers 401 to a visitor and a missing route's 404 to a shopper", async () => {
      const p = await product();
      const [review] = await seed(p, [{}]);
      const path = `/api/admin/reviews/${review?.reviewId}`;
      expect((await visitor().patch(path, { hidden: true })).statusCode).toBe(401);
      expect((await visitor().get("/api/admin/reviews")).statusCode).toBe(401);
      const shopper = visitor();
      const user = await createUser(t.database.db);
      await signIn(shopper, user.email);
      expect((await shopper.patch(path, { hidden: true })).statusCode).toBe(404);
      expect((await shopper.get("/api/admin/reviews")).statusCode).toBe(404);
      expect((await list(p.handle)).summary.count).toBe(1);
    });

    it("PATCH refuses a body with nothing to change", async () => {
      const p = await product();
      const [review] = await seed(p, [{}]);
      const res = await (await admin()).patch(`/api/admin/reviews/${review?.reviewId}`, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(M.nothingToChange);
    });
  });

  describe("across stores", () => {
    it("never shows one store's reviews in another, even for the same handle", async () => {
      const handle = `shared-handle-${Date.now()}`;
      const pet = await product(PET_STORE, handle);
      const hemp = await product(HEMP_STORE, handle);
      await seed(pet, [{ description: "pet review", rating: 1 }]);
      await seed(hemp, [{ description: "hemp review", rating: 5 }]);
      expect(descriptions(await list(handle, "", visitor(PETS)))).toEqual(["pet review"]);
      const hempPage = await list(handle, "", visitor(HEMP));
      expect(descriptions(hempPage)).toEqual(["hemp review"]);
      expect(hempPage.summary).toMatchObject({ average: 5, count: 1 });
    });

    it("accepts the same review_id in each store", async () => {
      const handle = `shared-id-${Date.now()}`;
      await product(PET_STORE, handle);
      await product(HEMP_STORE, handle);
      const body = submission(handle);
      expect((await visitor(PETS).post("/reviews/addReview", body)).statusCode).toBe(201);
      expect((await visitor(HEMP).post("/reviews/addReview", body)).statusCode).toBe(201);
    });

    it("refuses a review, a vote or an owner's change across stores", async () => {
      const p = await product(PET_STORE);
      const [review] = await seed(p, [{}]);
      expectError(
        await visitor(HEMP).post("/reviews/addReview", submission(p.handle)),
        404,
        "not_found",
        M.productNotFound,
      );
      expect((await visitor(HEMP).get(`/api/products/${p.handle}/reviews`)).statusCode).toBe(404);
      expect(
        (await visitor(HEMP).post(`/api/reviews/${review?.reviewId}/helpful`, undefined))
          .statusCode,
      ).toBe(404);
      const hempOwner = await admin(HEMP_STORE, HEMP);
      expect(
        (await hempOwner.patch(`/api/admin/reviews/${review?.reviewId}`, { hidden: true }))
          .statusCode,
      ).toBe(404);
      const hempList = await hempOwner.get("/api/admin/reviews");
      expect(hempList.body).not.toContain(review?.reviewId ?? "?");
      expect((await list(p.handle)).summary.count).toBe(1);
    });
  });

  describe("Verified Buyer", () => {
    /** A guest's paid order of one unit of `sku`, and the review links its email carries. */
    async function guestOrder(sku: string) {
      const guest = visitor();
      expect((await guest.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
      const quote = (await guest.post("/api/checkout/quote", { address: quoteAddress() })).json();
      const email = `guest-buyer-${Date.now()}-${serial}@example.com`;
      const paid = await guest.post(
        "/api/checkout",
        {
          email,
          name: "Guest Buyer",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": `guest-${Date.now()}-${serial}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      await t.app.background.idle();
      const [mail] = await outboxTo(t.database.db, email);
      const links = [
        ...(mail?.text ?? "").matchAll(/\/products\/([a-z0-9-]+)\?review=([^#\s]+)#reviews/g),
      ];
      return {
        guest,
        email,
        handle: paid.json().order.lines[0].handle as string,
        links: links.map((m) => ({ handle: m[1] ?? "", token: decodeURIComponent(m[2] ?? "") })),
      };
    }

    it("makes a guest's review written with the order email's link a Verified Buyer review, once per order and product", async () => {
      const order = await guestOrder("OUCHIE-1");
      expect(order.links.map((l) => l.handle)).toEqual([order.handle]);
      const token = order.links[0]?.token ?? "";
      const body = submission(order.handle, {
        reviewer_email: order.email,
        review_description: `Linked ${Date.now()}`,
        review_token: token,
      });
      const first = await order.guest.post("/reviews/addReview", body);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().review.verified).toBe(true);
      // The same review sent again is the same review, still verified.
      const again = await order.guest.post("/reviews/addReview", body);
      expect(again.statusCode).toBe(200);
      expect(again.json().review.verified).toBe(true);
      // The link is spent: a second review with it (another visitor, the link forwarded) is refused.
      const forwarded = await visitor().post(
        "/reviews/addReview",
        submission(order.handle, { review_description: "Forwarded link", review_token: token }),
      );
      expectError(forwarded, 409, "conflict", M.reviewLinkUsed);
      expect((await list(order.handle)).reviews.find((r) => r.verified)?.review_description).toBe(
        body.review_description,
      );
    });

    it("refuses a review link that is forged, for another product, or of another store (400), publishing nothing", async () => {
      const order = await guestOrder("PEEPEE-2");
      const before = (await list(order.handle)).summary.count;
      const token = order.links[0]?.token ?? "";
      const other = await product();
      const [orderPart] = token.split(".");
      for (const [handle, bad] of [
        [order.handle, `${orderPart}.${"A".repeat(43)}`],
        [order.handle, token.replace(/[0-9a-f]{8}-/, "00000000-")],
        [other.handle, token],
      ] as const) {
        const res = await visitor().post(
          "/reviews/addReview",
          submission(handle, { review_description: "Not mine", review_token: bad }),
        );
        expectError(res, 400, "invalid", M.reviewLinkInvalid);
      }
      const hempHandle = `links-${Date.now()}`;
      await product(HEMP_STORE, hempHandle);
      const hemp = await visitor(HEMP).post(
        "/reviews/addReview",
        submission(hempHandle, { review_description: "Wrong store", review_token: token }),
      );
      expectError(hemp, 400, "invalid", M.reviewLinkInvalid);
      expect((await list(order.handle)).summary.count).toBe(before);
    });

    it("marks verified only a review a signed-in buyer of the product wrote, never a typed email", async () => {
      const { v: buyer, user } = await signedInVisitor(t.app, t.database.db);
      expect(
        (await buyer.post("/api/cart/items", { sku: "FUNGUS-1", quantity: 1 })).statusCode,
      ).toBe(200);
      const address = quoteAddress();
      const quote = (await buyer.post("/api/checkout/quote", { address })).json();
      const paid = await buyer.post(
        "/api/checkout",
        {
          email: user.email,
          name: "Vera Buyer",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": `verified-${Date.now()}-${serial}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const handle = paid.json().order.lines[0].handle;
      const text = `Verified by order ${Date.now()}`;
      const mine = await buyer.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: user.email, review_description: text }),
      );
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json().review.verified).toBe(true);
      // A guest who types the buyer's email is not the buyer.
      const typed = `Typed the buyer's email ${Date.now()}`;
      const impostor = await visitor().post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: user.email, review_description: typed }),
      );
      expect(impostor.statusCode, impostor.body).toBe(201);
      expect(impostor.json().review.verified).toBe(false);
      // A signed-in account that did not buy it is not verified either.
      const { v: stranger, user: strangerUser } = await signedInVisitor(t.app, t.database.db);
      const notBuyer = `Signed in, never bought ${Date.now()}`;
      await stranger.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: strangerUser.email, review_description: notBuyer }),
      );
      // Another product the buyer did not buy stays unverified too.
      const unbought = await product();
      const elsewhere = `Other product ${Date.now()}`;
      await buyer.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(unbought.handle, { reviewer_email: user.email, review_description: elsewhere }),
      );
      const page = await list(handle, "sort=latest");
      expect(page.reviews.find((r) => r.review_description === text)?.verified).toBe(true);
      expect(page.reviews.find((r) => r.review_description === typed)?.verified).toBe(false);
      expect(page.reviews.find((r) => r.review_description === notBuyer)?.verified).toBe(false);
      const notBought = await list(unbought.handle);
      expect(notBought.reviews.find((r) => r.review_description === elsewhere)?.verified).toBe(
        false,
      );
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

  it("lists the review routes in the OpenAPI document", async () => {
    const res = await visitor().get("/api/openapi.json");
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/reviews/addReview",
        "/api/products/{handle}/reviews",
        "/api/reviews/{review_id}/helpful",
        "/api/admin/reviews",
        "/api/admin/reviews/{review_id}",
      ]),
    );
  });
});
