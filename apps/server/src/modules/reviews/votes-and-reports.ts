// What shoppers do with a review they see: mark it helpful (or take the mark back), report it.
import { DomainError, REVIEW_MESSAGES as M, type ReviewReportReason } from "@storefront/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import { consume } from "../../lib/rate-limit.ts";
import { products } from "../catalog/index.ts";
import { reviewAnswers } from "./listing.ts";
import { REVIEW_RATE_LIMITS, type ReviewDeps } from "./review-deps.ts";
import { reviewReports, reviews, reviewVotes } from "./schema.ts";
import { addressHash } from "./voters.ts";

/**
 * A review shoppers can see (not hidden, its product published), by its public id; a 404 for
 * any other: what a shopper may vote on or report.
 */
async function shownReview(
  db: Database | Transaction,
  storeId: string,
  reviewId: string,
): Promise<{ id: string; helpfulCount: number }> {
  const [review] = await db
    .select({ id: reviews.id, helpfulCount: reviews.helpfulCount })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(
      and(
        eq(reviews.storeId, storeId),
        eq(reviews.reviewId, reviewId),
        eq(reviews.hidden, false),
        eq(products.published, true),
      ),
    );
  if (!review) throw new DomainError("not_found", M.reviewNotFound);
  return review;
}

/**
 * Marks a visible review helpful for one voter, or takes the mark back: one vote per voter per
 * review (the primary key), and the count changes only in the statement that follows a real
 * change, so repeats and races never count twice.
 */
export async function setHelpfulVote(
  deps: ReviewDeps,
  context: { storeId: string; ip: string; voter: string | null },
  reviewId: string,
  helpful: boolean,
): Promise<{ helpful_count: number; voted: boolean }> {
  const { db } = deps;
  const { storeId, voter } = context;
  await consume(deps.limiter, storeId, REVIEW_RATE_LIMITS.helpfulPerIp, context.ip);
  const result = await db.transaction(async (tx) => {
    const review = await shownReview(tx, storeId, reviewId);
    if (voter === null) return { helpful_count: review.helpfulCount, voted: false };
    // One vote per review per visitor and per IP: a visitor who drops their cookies (or signs
    // in as another account) on the same address adds nothing.
    const ipHash = addressHash(storeId, context.ip);
    const changed = helpful
      ? await tx
          .insert(reviewVotes)
          .values({ reviewId: review.id, storeId, voter, ipHash })
          .onConflictDoNothing()
          .returning({ voter: reviewVotes.voter })
      : await tx
          .delete(reviewVotes)
          .where(and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.voter, voter)))
          .returning({ voter: reviewVotes.voter });
    if (changed.length === 0) {
      // Nothing changed: this visitor's vote was already there (or already gone), or their
      // address has voted for this review under another identity.
      const [own] = await tx
        .select({ voter: reviewVotes.voter })
        .from(reviewVotes)
        .where(and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.voter, voter)));
      return { helpful_count: review.helpfulCount, voted: own !== undefined };
    }
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + ${helpful ? 1 : -1}` })
      .where(eq(reviews.id, review.id))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { helpful_count: updated?.helpfulCount ?? review.helpfulCount, voted: helpful };
  });
  reviewAnswers.clear(db);
  return result;
}

/**
 * A shopper reports a visible review: once per visitor and once per address (a second report
 * changes nothing and is answered the same), counted for the store's admins.
 */
export async function reportReview(
  deps: ReviewDeps,
  context: { storeId: string; ip: string; reporter: string },
  reviewId: string,
  reason: ReviewReportReason,
): Promise<{ reported: true; message: string }> {
  const { db } = deps;
  const { storeId } = context;
  await consume(deps.limiter, storeId, REVIEW_RATE_LIMITS.reportPerIp, context.ip);
  const review = await shownReview(db, storeId, reviewId);
  await db
    .insert(reviewReports)
    .values({
      reviewId: review.id,
      storeId,
      reporter: context.reporter,
      ipHash: addressHash(storeId, context.ip),
      reason,
    })
    .onConflictDoNothing();
  return { reported: true, message: M.reported };
}
