// The store owner's side of reviews: every review of the store with its reports, and hiding,
// showing or answering one.
import {
  DomainError,
  REVIEW_MESSAGES as M,
  type OwnerReview,
  type OwnerReviewPage,
  REVIEW_PAGE_SIZE,
  type ReviewReportReason,
  type UpdateReviewInput,
} from "@storefront/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { products } from "../catalog/index.ts";
import { countAll, findProduct, reviewAnswers, sortOrder } from "./listing.ts";
import { ownerView } from "./review-views.ts";
import { reviewReports, reviews } from "./schema.ts";
import { verifiedReviewIds } from "./verified-buyers.ts";

/** Each review's reports: how many, and per reason. */
async function reportsOf(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, { reason: ReviewReportReason; count: number }[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reviewReports.reviewId, reason: reviewReports.reason, count: countAll })
    .from(reviewReports)
    .where(inArray(reviewReports.reviewId, [...ids]))
    .groupBy(reviewReports.reviewId, reviewReports.reason)
    .orderBy(reviewReports.reason);
  const out = new Map<string, { reason: ReviewReportReason; count: number }[]>();
  for (const row of rows) {
    const list = out.get(row.id) ?? [];
    list.push({ reason: row.reason as ReviewReportReason, count: Number(row.count) });
    out.set(row.id, list);
  }
  return out;
}

/** Every review of the store (hidden ones too), newest first, optionally of one product. */
export async function listStoreReviews(
  db: Database,
  storeId: string,
  query: { handle?: string | undefined; reported?: boolean; page: number },
): Promise<OwnerReviewPage> {
  const conditions = [eq(reviews.storeId, storeId)];
  if (query.handle !== undefined) {
    const product = await findProduct(db, storeId, query.handle);
    conditions.push(eq(reviews.productId, product.id));
  }
  const reportCount = sql<number>`(select count(*)::int from ${reviewReports} r where r.review_id = ${reviews.id})`;
  if (query.reported) conditions.push(sql`${reportCount} > 0`);
  const [[counted], rows] = await Promise.all([
    db
      .select({ n: countAll })
      .from(reviews)
      .where(and(...conditions)),
    db
      .select({ review: reviews, handle: products.handle, title: products.title })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(and(...conditions))
      .orderBy(...(query.reported ? [desc(reportCount)] : []), ...sortOrder("latest"))
      .limit(REVIEW_PAGE_SIZE)
      .offset((query.page - 1) * REVIEW_PAGE_SIZE),
  ]);
  const reports = await reportsOf(
    db,
    rows.map((r) => r.review.id),
  );
  const total = counted?.n ?? 0;
  const verified = await verifiedReviewIds(
    db,
    storeId,
    rows.map((r) => r.review),
  );
  return {
    total,
    page: query.page,
    page_size: REVIEW_PAGE_SIZE,
    has_more: query.page * REVIEW_PAGE_SIZE < total,
    reviews: rows.map((r) =>
      ownerView(r.review, r, verified.has(r.review.id), reports.get(r.review.id) ?? []),
    ),
  };
}

/** Hides or shows a review, and writes or removes the store's response to it. */
export async function updateReview(
  db: Database,
  storeId: string,
  reviewId: string,
  patch: UpdateReviewInput,
  actor: AdminActor,
): Promise<OwnerReview> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hidden: reviews.hidden, ownerResponse: reviews.ownerResponse })
      .from(reviews)
      .where(and(eq(reviews.storeId, storeId), eq(reviews.reviewId, reviewId)))
      .for("update");
    if (!before) throw new DomainError("not_found", M.reviewNotFound);
    const [updated] = await tx
      .update(reviews)
      .set({
        ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
        ...(patch.owner_response !== undefined ? { ownerResponse: patch.owner_response } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(reviews.storeId, storeId), eq(reviews.reviewId, reviewId)))
      .returning();
    if (!updated) throw new DomainError("not_found", M.reviewNotFound);
    await audit(tx, storeId, actor, {
      action: "review.update",
      target: `review ${reviewId}`,
      before,
      after: { hidden: updated.hidden, ownerResponse: updated.ownerResponse },
    });
    return updated;
  });
  reviewAnswers.clear(db);
  const [product] = await db
    .select({ handle: products.handle, title: products.title })
    .from(products)
    .where(eq(products.id, row.productId));
  if (!product) throw new DomainError("not_found", M.productNotFound);
  const [verified, reports] = await Promise.all([
    verifiedReviewIds(db, storeId, [row]),
    reportsOf(db, [row.id]),
  ]);
  return ownerView(row, product, verified.has(row.id), reports.get(row.id) ?? []);
}
