import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatAverage,
  formatReviewDate,
  REVIEW_MESSAGES as M,
  reviewCountLabel,
  reviewerInitials,
  reviewSummary,
  starsLabel,
  wouldRecommend,
} from "./review.ts";
import { AddReviewSchema, ReviewListQuerySchema, UpdateReviewSchema } from "./review-schema.ts";

describe("review summary", () => {
  it("averages to 2 decimals and shares per star from 5 down to 1", () => {
    expect(reviewSummary({ 5: 2, 4: 1 })).toEqual({
      average: 4.67,
      count: 3,
      distribution: [
        { stars: 5, count: 2, percent: 67 },
        { stars: 4, count: 1, percent: 33 },
        { stars: 3, count: 0, percent: 0 },
        { stars: 2, count: 0, percent: 0 },
        { stars: 1, count: 0, percent: 0 },
      ],
    });
  });

  it("is zero everywhere without reviews", () => {
    const summary = reviewSummary({});
    expect(summary.average).toBe(0);
    expect(summary.count).toBe(0);
    expect(summary.distribution.map((d) => d.percent)).toEqual([0, 0, 0, 0, 0]);
  });

  it("always lies between 1 and 5 and counts every review once", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 200 }),
        (ratings) => {
          const counts: Record<number, number> = {};
          for (const r of ratings) counts[r] = (counts[r] ?? 0) + 1;
          const summary = reviewSummary(counts);
          expect(summary.count).toBe(ratings.length);
          expect(summary.average).toBeGreaterThanOrEqual(1);
          expect(summary.average).toBeLessThanOrEqual(5);
          const exact = ratings.reduce((a, b) => a + b, 0) / ratings.length;
          expect(Math.abs(summary.average - exact)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(summary.distribution.reduce((a, d) => a + d.count, 0)).toBe(ratings.length);
        },
      ),
    );
  });

  it("prints the average with two decimals", () => {
    expect(formatAverage(4.5)).toBe("4.50");
    expect(formatAverage(5)).toBe("5.00");
    expect(formatAverage(4.67)).toBe("4.67");
  });
});

describe("review texts", () => {
  it("says review for one and reviews otherwise", () => {
    expect(reviewCountLabel(1)).toBe("1 review");
    expect(reviewCountLabel(0)).toBe("0 reviews");
    expect(reviewCountLabel(26)).toBe("26 reviews");
    expect(starsLabel(1)).toBe("1 star");
    expect(starsLabel(4)).toBe("4 stars");
  });

  it("takes the initials of the first and last word of a name", () => {
    expect(reviewerInitials("jane van der berg")).toBe("JB");
    expect(reviewerInitials("  Riley  ")).toBe("R");
    expect(reviewerInitials("Émile Zola")).toBe("ÉZ");
    expect(reviewerInitials("O'Brien, Sam")).toBe("OS");
    expect(reviewerInitials("???")).toBe("");
    expect(reviewerInitials("")).toBe("");
  });

  it("prints a long US date in UTC", () => {
    expect(formatReviewDate("2026-11-02T15:00:00.000Z")).toBe("November 2, 2026");
    // Late in the evening west of Greenwich is still the next day in UTC.
    expect(formatReviewDate("2026-01-01T00:30:00.000Z")).toBe("January 1, 2026");
  });

  it("prints every day as Intl's long en-US date in UTC does", () => {
    const intl = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1970-01-01"), max: new Date("2200-12-31"), noInvalidDate: true }),
        (date) => {
          expect(formatReviewDate(date.toISOString())).toBe(intl.format(date));
        },
      ),
    );
  });

  it("recommends from 4 stars up", () => {
    expect([1, 2, 3, 4, 5].map(wouldRecommend)).toEqual([false, false, false, true, true]);
  });
});

describe("review submission schema", () => {
  const valid = {
    handle: "itchy-scratchy",
    review_id: "1763770000000",
    review_rating: 5,
    reviewer_name: "  Jane Doe ",
    review_description: " Works well. ",
    review_title: "",
    reviewer_email: " Jane@Example.COM ",
  };

  it("trims the name and description and lower-cases the email", () => {
    expect(AddReviewSchema.parse(valid)).toEqual({
      ...valid,
      reviewer_name: "Jane Doe",
      review_description: "Works well.",
      reviewer_email: "jane@example.com",
    });
  });

  it("takes a numeric review_id as its digits and an absent title as empty", () => {
    const { review_title: _omitted, ...rest } = valid;
    const parsed = AddReviewSchema.parse({ ...rest, review_id: 1763770000000 });
    expect(parsed.review_id).toBe("1763770000000");
    expect(parsed.review_title).toBe("");
  });

  it.each([
    [{ review_rating: 0 }, M.ratingRequired],
    [{ review_rating: 6 }, M.ratingRequired],
    [{ review_rating: 4.5 }, M.ratingRequired],
    [{ review_rating: "5" }, M.ratingRequired],
    [{ reviewer_name: "   " }, M.nameRequired],
    [{ reviewer_name: "x".repeat(101) }, M.nameTooLong],
    [{ reviewer_email: "" }, M.emailRequired],
    [{ reviewer_email: "not-an-email" }, M.emailInvalid],
    [{ review_description: " \n " }, M.descriptionRequired],
    [{ review_description: "x".repeat(5001) }, M.descriptionTooLong],
    [{ review_id: "" }, M.reviewIdInvalid],
    [{ review_id: "a/b" }, M.reviewIdInvalid],
    [{ review_id: "x".repeat(65) }, M.reviewIdInvalid],
    [{ handle: "Not A Handle" }, M.handleInvalid],
  ])("refuses %o with its message", (change, message) => {
    const result = AddReviewSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("refuses fields it does not know", () => {
    expect(AddReviewSchema.safeParse({ ...valid, verified: true }).success).toBe(false);
  });
});

describe("review list query", () => {
  it("defaults to Latest, all ratings, no photo filter, no search, page 1", () => {
    expect(ReviewListQuerySchema.parse({})).toEqual({
      sort: "latest",
      rating: null,
      photos: false,
      q: "",
      page: 1,
    });
  });

  it("reads the rating, photos, search and page from query text", () => {
    expect(
      ReviewListQuerySchema.parse({
        sort: "helpful",
        rating: "4",
        photos: "1",
        q: " calm ",
        page: "2",
      }),
    ).toEqual({ sort: "helpful", rating: 4, photos: true, q: "calm", page: 2 });
  });

  it.each([
    { sort: "best" },
    { rating: "6" },
    { rating: "0" },
    { photos: "yes" },
    { page: "0" },
    { page: "x" },
  ])("refuses %o", (query) => {
    expect(ReviewListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe("review update schema", () => {
  it("takes an empty response as removing it", () => {
    expect(UpdateReviewSchema.parse({ owner_response: "  " })).toEqual({ owner_response: null });
  });

  it("needs something to change", () => {
    const result = UpdateReviewSchema.safeParse({});
    expect(result.error?.issues[0]?.message).toBe(M.nothingToChange);
  });
});
