import { REVIEW_MESSAGES as M, type ReviewPage } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";

describe("reported reviews", () => {
  const t = useTestApp();

  const admin = async (storeId = PET_STORE, host = PETS) =>
    (await signedInVisitor(t.app, t.database.db, { storeId, userType: "admin" }, host)).v;

  /** A review shown on a product page of the store, as a shopper reads it. */
  async function shownReview(handle = "itchy-scratchy", n = 0) {
    const page = (
      await visitorWithOwnIp(t.app, PETS).get(`/api/products/${handle}/reviews`)
    ).json() as ReviewPage;
    const review = page.reviews[n];
    if (!review) throw new Error(`no review ${n} on ${handle}`);
    return review;
  }

  it("takes a shopper's report once per visitor and address, and the admin lists the most reported first with why", async () => {
    const review = await shownReview("itchy-scratchy", 1);
    const first = visitorWithOwnIp(t.app, PETS);
    const sent = await first.post(`/api/reviews/${review.review_id}/report`, { reason: "spam" });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ reported: true, message: M.reported });
    // The same visitor again: answered the same, counted once.
    const again = await first.post(`/api/reviews/${review.review_id}/report`, { reason: "other" });
    expect(again.statusCode).toBe(200);
    const second = visitorWithOwnIp(t.app, PETS);
    await second.post(`/api/reviews/${review.review_id}/report`, { reason: "offensive" });
    const other = await shownReview("itchy-scratchy", 2);
    await visitorWithOwnIp(t.app, PETS).post(`/api/reviews/${other.review_id}/report`, {
      reason: "off_topic",
    });

    const v = await admin();
    const reported = (await v.get("/api/admin/reviews?reported=1")).json();
    expect(reported.total).toBe(2);
    expect(reported.reviews[0]).toMatchObject({
      review_id: review.review_id,
      reports: 2,
      report_reasons: [
        { reason: "offensive", count: 1 },
        { reason: "spam", count: 1 },
      ],
    });
    expect(reported.reviews[1]).toMatchObject({ review_id: other.review_id, reports: 1 });
    const all = (await v.get("/api/admin/reviews")).json();
    expect(all.total).toBeGreaterThan(2);
    expect(
      all.reviews.find((r: { review_id: string }) => r.review_id === review.review_id)?.reports,
    ).toBe(2);
  });

  it("refuses a report without a reason it knows, or of a review not shown; another store's admin sees none of them", async () => {
    const review = await shownReview();
    const v = visitorWithOwnIp(t.app, PETS);
    const bad = await v.post(`/api/reviews/${review.review_id}/report`, { reason: "boring" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(M.reportReason);
    expect((await v.post(`/api/reviews/${review.review_id}/report`, {})).statusCode).toBe(400);
    const unknown = await v.post("/api/reviews/no-such-review/report", { reason: "spam" });
    expect(unknown.statusCode).toBe(404);
    // Another store's admin sees none of this store's reports.
    const hemp = await admin(HEMP_STORE, HEMP);
    expect((await hemp.get("/api/admin/reviews?reported=1")).json().total).toBe(0);
  });
});
