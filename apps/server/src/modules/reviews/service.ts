import { createHash, randomUUID } from "node:crypto";
import {
  type AddReviewInput,
  DomainError,
  REVIEW_MESSAGES as M,
  type OwnerReview,
  type OwnerReviewPage,
  REVIEW_PAGE_SIZE,
  type Review,
  type ReviewFilters,
  type ReviewPage,
  type ReviewReportReason,
  type ReviewSort,
  type ReviewSummary,
  reviewSummary,
  type UpdateReviewInput,
} from "@storefront/domain";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/index.ts";
import {
  orderLines,
  orders,
  products,
  reviewReports,
  reviews,
  reviewVotes,
} from "../../db/schema.ts";
import { AnswerCache } from "../../lib/answer-cache.ts";
import { type AdminActor, audit } from "../../lib/audit.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { consume, type RateLimiter, type RateLimitRule } from "../../lib/rate-limit.ts";
import { sign, unsign } from "../../lib/session-key.ts";

type ReviewRow = typeof reviews.$inferSelect;

const HOUR = 60 * 60 * 1000;

/** Against spam and vote stuffing; generous for a person, tight for a script. */
export const REVIEW_RATE_LIMITS = {
  addPerIp: { name: "review-ip", limit: 20, windowMs: HOUR },
  helpfulPerIp: { name: "review-helpful-ip", limit: 300, windowMs: HOUR },
  reportPerIp: { name: "review-report-ip", limit: 30, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export interface ReviewDeps {
  db: Database;
  limiter: RateLimiter;
  /** Signs the one-time review links of order emails (the server's session key). */
  linkKey: Buffer;
}

// A product page asks for its first page on every view: the answer (without the visitor's own
// votes) is reused for 2 s per instance, like the catalogue, and forgotten on every review write.
const REVIEW_TTL_MS = 2_000;
const reviewAnswers = new AnswerCache("reviews", 1_000, REVIEW_TTL_MS);

// ---------------------------------------------------------------------------------------------
// Who votes, who is verified

/**
 * The identity of one visitor's 'Helpful' votes and of a review's author: the signed-in account,
 * else the visitor's session cookie (hashed, so the table holds nothing a cookie could be forged
 * from); null: nobody yet.
 */
export function voterKey(who: { userId: string | null; sessionId: string | null }): string | null {
  if (who.userId) return accountKey(who.userId);
  if (who.sessionId) return sessionKey(who.sessionId);
  return null;
}

export function accountKey(userId: string): string {
  return `user:${userId}`;
}

export function sessionKey(sessionId: string): string {
  return `session:${createHash("sha256").update(sessionId).digest("base64url")}`;
}

/**
 * The reviews (by row id) that come from a buyer: written by a signed-in account that has a paid
 * order of this store containing the reviewed product, or with the one-time link of a paid
 * order's email: the 'Verified Buyer' badge. An email typed into the form proves nothing (anyone
 * can type a buyer's address), so it never verifies. This is the one place that decides it.
 */
export async function verifiedReviewIds(
  db: Database,
  storeId: string,
  rows: readonly Pick<ReviewRow, "id" | "productId">[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const ids = rows.map((r) => r.id);
  const [byAccount, byLink] = await Promise.all([
    accountVerified(db, storeId, ids),
    db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(orders, and(eq(orders.id, reviews.verifiedOrderId), eq(orders.status, "paid")))
      .where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids))),
  ]);
  return new Set([...byAccount, ...byLink].map((r) => r.id));
}

async function accountVerified(db: Database, storeId: string, ids: string[]) {
  return db
    .selectDistinct({ id: reviews.id })
    .from(reviews)
    .innerJoin(
      orders,
      and(
        eq(orders.storeId, storeId),
        eq(orders.status, "paid"),
        eq(orders.userId, reviews.userId),
      ),
    )
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, reviews.productId)),
    )
    .where(and(eq(reviews.storeId, storeId), inArray(reviews.id, ids)));
}

/** The one-time review link of a paid order's product, for its email: the buyer's proof. */
export function reviewLinkToken(key: Buffer, orderId: string, productId: string): string {
  return sign(key, `review:${orderId}:${productId}`);
}

const LINK_VALUE = /^review:([0-9a-f-]{36}):([0-9a-f-]{36})$/;

/**
 * The paid order of this store whose review link this is, for this product, when nobody has
 * written a review with it yet.
 */
async function orderOfLink(
  deps: ReviewDeps,
  storeId: string,
  productId: string,
  token: string,
): Promise<string> {
  const invalid = new DomainError("invalid", M.reviewLinkInvalid, {
    review_token: M.reviewLinkInvalid,
  });
  const match = LINK_VALUE.exec(unsign(deps.linkKey, token) ?? "");
  const orderId = match?.[1];
  if (!orderId || match?.[2] !== productId) throw invalid;
  const [bought] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(
      orderLines,
      and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, productId)),
    )
    .where(and(eq(orders.id, orderId), eq(orders.storeId, storeId), eq(orders.status, "paid")))
    .limit(1);
  if (!bought) throw invalid;
  const [used] = await deps.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.verifiedOrderId, orderId), eq(reviews.productId, productId)));
  if (used) throw linkUsed();
  return orderId;
}

function linkUsed(): DomainError {
  return new DomainError("conflict", M.reviewLinkUsed, { review_token: M.reviewLinkUsed });
}

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

// ---------------------------------------------------------------------------------------------
// Views

/** The public view: never the reviewer's email, never the hidden state. */
function publicView(
  row: ReviewRow,
  productName: string,
  verified: boolean,
  voted: boolean,
): Review {
  return {
    review_id: row.reviewId,
    review_rating: row.rating,
    review_date: row.createdAt.toISOString(),
    review_title: row.title,
    review_description: row.description,
    reviewer_name: row.reviewerName,
    profile_image: row.profileImage,
    product_name: productName,
    owner_response: row.ownerResponse,
    verified,
    helpful_count: row.helpfulCount,
    media: row.media,
    voted,
  };
}

function ownerView(
  row: ReviewRow,
  product: { handle: string; title: string },
  verified: boolean,
  reportReasons: { reason: ReviewReportReason; count: number }[],
): OwnerReview {
  const { voted: _voted, ...view } = publicView(row, product.title, verified, false);
  return {
    ...view,
    product_handle: product.handle,
    reviewer_email: row.reviewerEmail,
    hidden: row.hidden,
    reports: reportReasons.reduce((n, r) => n + r.count, 0),
    report_reasons: reportReasons,
  };
}

// ---------------------------------------------------------------------------------------------
// Queries

interface ProductRef {
  id: string;
  handle: string;
  title: string;
}

async function findProduct(db: Database, storeId: string, handle: string): Promise<ProductRef> {
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
function sortOrder(sort: ReviewSort): SQL[] {
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

const countAll = sql<number>`count(*)::int`;

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

// ---------------------------------------------------------------------------------------------
// Writes

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

/** An address as votes and reports keep it: hashed with the store, never stored plain. */
function addressHash(storeId: string, ip: string): string {
  return createHash("sha256").update(`${storeId}\n${ip}`).digest("base64url");
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

// ---------------------------------------------------------------------------------------------
// The store owner's side

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
