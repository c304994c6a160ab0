import { REVIEW_MESSAGES as M } from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  expectError,
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signIn,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { adminAudit, reviewVotes } from "../../db/schema.ts";
import { reviewsTestHelpers } from "./reviews-test-helpers.ts";

describe("reviews API", () => {
  const t = useTestApp();
  const { visitor, product, seed, list, descriptions, submission, admin } = reviewsTestHelpers(
    () => t,
  );

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
});
