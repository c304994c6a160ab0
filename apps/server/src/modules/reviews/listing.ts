// A product's reviews as shoppers list them: one page in the order and filters asked for, with
// the aggregates of all its visible reviews and the visitor's own votes, and the answer kept of it.
import {
  DomainError,
  REVIEW_MESSAGES as M,
  REVIEW_PAGE_SIZE,
  type ReviewFilters,
  type ReviewPage,
  type ReviewSort,
  type ReviewSummary,
  reviewSummary,
} from "@storefront/domain";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/index.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { products } from "../catalog/index.ts";
import { publicView, type ReviewRow } from "./review-views.ts";
import { reviews, reviewVotes } from "./schema.ts";
import { verifiedReviewIds } from "./verified-buyers.ts";

// A product page asks for its first page on every view: the answer (without the visitor's own
// votes) is reused for 2 s per instance, like the catalogue, and forgotten on every review write.
const REVIEW_TTL_MS = 2_000;
export const reviewAnswers = new AnswerCache("reviews", 1_000, REVIEW_TTL_MS);

async function votedReviewIds(
  db: Database,
  voter: string | null,
  rows: readonly ReviewRow[],
): Promise<Set<string>> {
  if (voter === null || rows.length === 0) return new Set();
  const voted = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(
      and(
        eq(reviewVotes.voter, voter),
        inArray(
          reviewVotes.reviewId,
          rows.map((r) => r.id),
        ),
      ),
    );
  return new Set(voted.map((v) => v.reviewId));
}

export interface ProductRef {
  id: string;
  handle: string;
  title: string;
}

export async function findProduct(
  db: Database,
  storeId: string,
  handle: string,
): Promise<ProductRef> {
  const [product] = await db
    .select({ id: products.id, handle: products.handle, title: products.title })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.published, true)),
    );
  if (!product) throw new DomainError("not_found", M.productNotFound);
  return product;
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterConditions(filters: ReviewFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.rating !== null) conditions.push(eq(reviews.rating, filters.rating));
  if (filters.photos) conditions.push(sql`jsonb_array_length(${reviews.media}) > 0`);
  if (filters.q !== "") {
    const pattern = containsPattern(filters.q);
    const match = or(
      ilike(reviews.description, pattern),
      ilike(reviews.title, pattern),
      ilike(reviews.reviewerName, pattern),
    );
    if (match) conditions.push(match);
  }
  return conditions;
}

/** The list's order; every order ends newest first, then by id, so pages never overlap. */
export function sortOrder(sort: ReviewSort): SQL[] {
  const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];
  switch (sort) {
    case "latest":
      return newestFirst;
    case "oldest":
      return [asc(reviews.createdAt), asc(reviews.id)];
    case "highest":
      return [desc(reviews.rating), ...newestFirst];
    case "lowest":
      return [asc(reviews.rating), ...newestFirst];
    case "helpful":
      return [desc(reviews.helpfulCount), ...newestFirst];
  }
}

export const countAll = sql<number>`count(*)::int`;

interface PublicPage {
  product: ProductRef;
  summary: ReviewSummary;
  total: number;
  rows: ReviewRow[];
  verified: Set<string>;
}

async function readPublicPage(
  db: Database,
  storeId: string,
  handle: string,
  query: ReviewFilters & { page: number },
): Promise<PublicPage> {
  const product = await findProduct(db, storeId, handle);
  const visible = [
    eq(reviews.storeId, storeId),
    eq(reviews.productId, product.id),
    eq(reviews.hidden, false),
  ];
  const filters = filterConditions(query);
  const [perStar, filteredCount, rows] = await Promise.all([
    db
      .select({ rating: reviews.rating, n: countAll })
      .from(reviews)
      .where(and(...visible))
      .groupBy(reviews.rating),
    filters.length === 0
      ? Promise.resolve(null)
      : db
          .select({ n: countAll })
          .from(reviews)
          .where(and(...visible, ...filters)),
    db
      .select()
      .from(reviews)
      .where(and(...visible, ...filters))
      .orderBy(...sortOrder(query.sort))
      .limit(REVIEW_PAGE_SIZE)
      .offset((query.page - 1) * REVIEW_PAGE_SIZE),
  ]);
  const summary = reviewSummary(Object.fromEntries(perStar.map((r) => [r.rating, r.n])));
  const total = filteredCount === null ? summary.count : (filteredCount[0]?.n ?? 0);
  return { product, summary, total, rows, verified: await verifiedReviewIds(db, storeId, rows) };
}

/**
 * One page (25) of a product's visible reviews in the given order and filters, with the
 * aggregates of all its visible reviews, and which of them the voter has marked helpful.
 */
export async function listProductReviews(
  db: Database,
  storeId: string,
  handle: string,
  query: ReviewFilters & { page: number },
  voter: string | null,
): Promise<ReviewPage> {
  const key = [storeId, handle, query.sort, query.rating, query.photos, query.page, query.q].join(
    "\u0000",
  );
  const page = await reviewAnswers.get(db, key, () => readPublicPage(db, storeId, handle, query));
  const voted = await votedReviewIds(db, voter, page.rows);
  return {
    handle: page.product.handle,
    product_name: page.product.title,
    summary: page.summary,
    total: page.total,
    page: query.page,
    page_size: REVIEW_PAGE_SIZE,
    has_more: query.page * REVIEW_PAGE_SIZE < page.total,
    reviews: page.rows.map((row) =>
      publicView(row, page.product.title, page.verified.has(row.id), voted.has(row.id)),
    ),
  };
}
