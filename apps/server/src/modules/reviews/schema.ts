import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, idColumn, updatedAtColumn } from "../../db/columns.ts";
import { users } from "../accounts/schema.ts";
import { storeColumn } from "../stores/schema.ts";

/** A photo or video of a review; `url` is a store media path. */
export type ReviewMediaItem = { type: "image" | "video"; url: string; alt: string };

/**
 * Customer reviews of a product. `review_id` is the public id: the client's id when no other
 * review of the store has it, else one the server made. `client_review_id` is the id the author
 * sent, unique per author (`author_key`: the account, else the visitor's session, as for votes),
 * so a resent review is the same review and nobody can take another visitor's id; both are null
 * for demo reviews. `reviewer_email` is stored lower-cased and never shown publicly.
 * `helpful_count` is the number of `review_votes` rows, kept beside the review so sorting by it
 * needs no join; it changes only in the statement that adds or removes a vote.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: idColumn(),
    storeId: storeColumn(),
    // FK in migration 0008; importing catalog's schema would close a cycle (catalog → … → reviews).
    productId: uuid("product_id").notNull(),
    reviewId: text("review_id").notNull(),
    authorKey: text("author_key"),
    clientReviewId: text("client_review_id"),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    description: text("description").notNull(),
    reviewerName: text("reviewer_name").notNull(),
    reviewerEmail: text("reviewer_email").notNull(),
    /** The signed-in account that wrote it (null: a guest); 'Verified Buyer' is decided by it. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The paid order whose email's one-time review link this review was written with (null:
     * none): a 'Verified Buyer' review, at most one per order and product.
     */
    // FK in migration 0017; importing orders' schema would close a cycle (orders imports reviews).
    verifiedOrderId: uuid("verified_order_id"),
    profileImage: text("profile_image"),
    media: jsonb("media").$type<ReviewMediaItem[]>().notNull().default([]),
    ownerResponse: text("owner_response"),
    hidden: boolean("hidden").notNull().default(false),
    helpfulCount: integer("helpful_count").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    unique("reviews_store_review_id").on(t.storeId, t.reviewId),
    unique("reviews_store_author_client_id").on(t.storeId, t.authorKey, t.clientReviewId),
    unique("reviews_verified_order_product").on(t.verifiedOrderId, t.productId),
    index("reviews_product_created").on(t.productId, t.createdAt),
    check("reviews_rating", sql`${t.rating} between 1 and 5`),
    check("reviews_helpful_count", sql`${t.helpfulCount} >= 0`),
    check("reviews_email_lower_case", sql`${t.reviewerEmail} = lower(${t.reviewerEmail})`),
  ],
);

/**
 * A shopper's report of a review (spam, offensive, off topic, other), one per visitor and one per
 * address per review, for the store's admins to look at.
 */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    reporter: text("reporter").notNull(),
    /** SHA-256 of the store and the reporter's IP (no raw IPs). */
    ipHash: text("ip_hash").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.reporter] }),
    uniqueIndex("review_reports_review_ip").on(t.reviewId, t.ipHash),
    index("review_reports_store").on(t.storeId, t.reviewId),
    check("review_reports_reason", sql`${t.reason} in ('spam', 'offensive', 'off_topic', 'other')`),
  ],
);

/**
 * One 'Helpful' vote per visitor per review. `voter` is `user:{account id}` for a signed-in
 * shopper, else `session:{SHA-256 of the visitor's session cookie}`.
 */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    storeId: text("store_id").notNull(),
    voter: text("voter").notNull(),
    /** SHA-256 of the store and the voter's IP: one vote per review per address (no raw IPs). */
    ipHash: text("ip_hash"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.voter] }),
    uniqueIndex("review_votes_review_ip").on(t.reviewId, t.ipHash),
  ],
);
