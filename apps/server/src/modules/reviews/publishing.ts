// Publishing a shopper's review: at once, idempotent per author, verified by a review link.
import { randomUUID } from "node:crypto";
import {
  type AddReviewInput,
  DomainError,
  REVIEW_MESSAGES as M,
  type Review,
} from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { consume } from "../../lib/rate-limit.ts";
import { findProduct, type ProductRef, reviewAnswers } from "./listing.ts";
import { REVIEW_RATE_LIMITS, type ReviewDeps } from "./review-deps.ts";
import { linkUsed, orderOfLink } from "./review-links.ts";
import { publicView, type ReviewRow } from "./review-views.ts";
import { reviews } from "./schema.ts";
import { verifiedReviewIds } from "./verified-buyers.ts";

/**
 * Publishes a review at once (DECISIONS.md). Idempotent on review_id per author (the account,
 * else the visitor's session): the same review sent again answers the stored one
 * (`created: false`); another review under an id the same author used is a conflict. Another
 * author's review never blocks it: when its id is taken in the store, the review is published
 * under an id the server makes, so nobody can squat the id a visitor's browser will send.
 */
export async function addReview(
  deps: ReviewDeps,
  context: { storeId: string; ip: string; userId: string | null; author: string },
  input: AddReviewInput,
): Promise<{ review: Review; created: boolean }> {
  const { db } = deps;
  const { storeId, author } = context;
  await consume(deps.limiter, storeId, REVIEW_RATE_LIMITS.addPerIp, context.ip);
  const product = await findProduct(db, storeId, input.handle);

  const own = await ownReview(db, storeId, author, input.review_id);
  if (own) return answerResent(db, own, product, input);
  const verifiedOrderId = input.review_token
    ? await orderOfLink(deps, storeId, product.id, input.review_token)
    : null;

  const values = {
    verifiedOrderId,
    storeId,
    productId: product.id,
    authorKey: author,
    clientReviewId: input.review_id,
    rating: input.review_rating,
    title: input.review_title,
    description: input.review_description,
    reviewerName: input.reviewer_name,
    reviewerEmail: input.reviewer_email,
    userId: context.userId,
  };
  let [row] = await db
    .insert(reviews)
    .values({ ...values, reviewId: input.review_id })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Either the same author's resend won a race, or another review of the store has this id.
    const raced = await ownReview(db, storeId, author, input.review_id);
    if (raced) return answerResent(db, raced, product, input);
    try {
      [row] = await db
        .insert(reviews)
        .values({ ...values, reviewId: randomUUID() })
        .returning();
    } catch (err) {
      // The link was spent by a review written at the same moment.
      if (verifiedOrderId && isUniqueViolation(err)) throw linkUsed();
      throw err;
    }
    if (!row) throw new Error("The review was not stored");
  }
  reviewAnswers.clear(db);
  const verified = await verifiedReviewIds(db, storeId, [row]);
  return { review: publicView(row, product.title, verified.has(row.id), false), created: true };
}

async function ownReview(
  db: Database,
  storeId: string,
  author: string,
  clientReviewId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(reviews)
    .where(
      and(
        eq(reviews.storeId, storeId),
        eq(reviews.authorKey, author),
        eq(reviews.clientReviewId, clientReviewId),
      ),
    );
  return row;
}

/** The author's resend: the stored review when it is the same one, else a conflict. */
async function answerResent(
  db: Database,
  row: ReviewRow,
  product: ProductRef,
  input: AddReviewInput,
): Promise<{ review: Review; created: boolean }> {
  const sameReview =
    row.productId === product.id &&
    row.reviewerEmail === input.reviewer_email &&
    row.rating === input.review_rating &&
    row.description === input.review_description;
  if (!sameReview) {
    throw new DomainError("conflict", M.reviewIdTaken, { review_id: M.reviewIdTaken });
  }
  const verified = await verifiedReviewIds(db, row.storeId, [row]);
  return {
    review: publicView(row, product.title, verified.has(row.id), false),
    created: false,
  };
}
