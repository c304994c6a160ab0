import { REVIEW_MESSAGES as M, type Review } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  expectError,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInVisitor,
  signIn,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { reviews } from "../../db/schema.ts";
import { reviewsTestHelpers } from "./reviews-test-helpers.ts";

describe("reviews API", () => {
  const t = useTestApp();
  const { visitor, product, seed, list, submission } = reviewsTestHelpers(() => t);

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
