/** Reviews (spec sections 2 to 5 and 9): limits, texts and the pure rules; answers in review-schema.ts. */

import type { ReviewSummary } from "./review-schema.ts";

/** Reviews per page of the list, and per 'Show More Reviews' (spec section 9). */
export const REVIEW_PAGE_SIZE = 25;
/** How long the 'Thank You!' popup stays before the dialog closes (spec section 9). */
export const REVIEW_THANK_YOU_MS = 2_000;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Star values from the highest down, the order of the bar chart and the Rating filter. */
export const REVIEW_STARS = [5, 4, 3, 2, 1] as const;

export const REVIEW_NAME_MAX_LENGTH = 100;
export const REVIEW_TITLE_MAX_LENGTH = 150;
export const REVIEW_DESCRIPTION_MAX_LENGTH = 5_000;
export const REVIEW_ID_MAX_LENGTH = 64;
/** A one-time review link token of the order email: `review:{order}:{product}.{signature}`. */
export const REVIEW_TOKEN_MAX_LENGTH = 200;
export const REVIEW_SEARCH_MAX_LENGTH = 100;
export const OWNER_RESPONSE_MAX_LENGTH = 5_000;

/** Sort orders of the list; 'Most helpful' falls back to newest first (spec section 9). */
export const REVIEW_SORTS = ["latest", "oldest", "highest", "lowest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const DEFAULT_REVIEW_SORT: ReviewSort = "latest";
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  latest: "Latest",
  oldest: "Oldest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  helpful: "Most helpful",
};

/** Every text the review calls answer or the widget shows; the spec's own wording where it has one. */
export const REVIEW_MESSAGES = {
  ratingRequired: "Please choose a rating from 1 to 5 stars",
  nameRequired: "Display name is required",
  nameTooLong: `Display name must not exceed ${REVIEW_NAME_MAX_LENGTH} characters`,
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  descriptionRequired: "Please write your review",
  descriptionTooLong: `Your review must not exceed ${REVIEW_DESCRIPTION_MAX_LENGTH} characters`,
  titleTooLong: `The title must not exceed ${REVIEW_TITLE_MAX_LENGTH} characters`,
  reviewIdInvalid: `review_id must be 1 to ${REVIEW_ID_MAX_LENGTH} letters, digits, '.', '_', ':' or '-'`,
  reviewIdTaken: "This review_id already belongs to another review",
  reviewLinkInvalid: "This review link is not valid for this product",
  reviewLinkUsed: "A review has already been written with this link",
  /** The dialog, after a refused review link: the review can still be published without it. */
  withoutLink: "Submit again to publish your review without the Verified Buyer badge.",
  /** The dialog, opened from the review link of an order email. */
  linkNote: "You bought this: your review will show the Verified Buyer badge.",
  handleInvalid: "handle must be a product handle",
  productNotFound: "Product not found",
  reviewNotFound: "Review not found",
  reportReason: "Choose why: spam, offensive, off_topic or other",
  reported: "Thank you. The store will look at this review.",
  searchTooLong: `Search must not exceed ${REVIEW_SEARCH_MAX_LENGTH} characters`,
  ownerResponseTooLong: `The response must not exceed ${OWNER_RESPONSE_MAX_LENGTH} characters`,
  nothingToChange: "Send hidden or owner_response",
  thankYouTitle: "Thank You!",
  thankYouText: "Your review has been submitted successfully.",
} as const;

/** The filters and order of a listing. `rating` null: all ratings. */
export interface ReviewFilters {
  sort: ReviewSort;
  rating: number | null;
  photos: boolean;
  q: string;
}

export const DEFAULT_REVIEW_FILTERS: ReviewFilters = {
  sort: DEFAULT_REVIEW_SORT,
  rating: null,
  photos: false,
  q: "",
};

/** The mean of `count` ratings adding up to `sum`, to 2 decimals; 0 when there are none. */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 100) / 100;
}

/**
 * Average, count and share per star from the number of reviews at each star value.
 * @example reviewSummary({ 5: 3, 4: 1 }) // { average: 4.75, count: 4, distribution: [{ stars: 5, count: 3, percent: 75 }, …] }
 */
export function reviewSummary(
  countsByStars: Readonly<Partial<Record<number, number>>>,
): ReviewSummary {
  let count = 0;
  let sum = 0;
  for (const stars of REVIEW_STARS) {
    const n = countsByStars[stars] ?? 0;
    count += n;
    sum += stars * n;
  }
  return {
    average: averageRating(sum, count),
    count,
    distribution: REVIEW_STARS.map((stars) => {
      const n = countsByStars[stars] ?? 0;
      return { stars, count: n, percent: count === 0 ? 0 : Math.round((n / count) * 100) };
    }),
  };
}

/** The average as the header shows it, always with 2 decimals: 4.5 → "4.50". */
export function formatAverage(average: number): string {
  return average.toFixed(2);
}

/** "1 review", "0 reviews", "17 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}

/** "5 stars", "1 star". */
export function starsLabel(stars: number): string {
  return `${stars} ${stars === 1 ? "star" : "stars"}`;
}

/**
 * Up to two initials from a reviewer's name, for an avatar without a picture; "" when the name
 * has no letters or digits.
 * @example reviewerInitials("jane van der berg") // "JB"
 */
export function reviewerInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w !== "");
  const first = words[0];
  if (first === undefined) return "";
  const last = words.length > 1 ? (words[words.length - 1] ?? "") : "";
  // Whole characters (code points), so a name in an astral script keeps its first letter.
  return `${[...first][0] ?? ""}${[...last][0] ?? ""}`.toLocaleUpperCase("en-US");
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * A review's date as a long US date, in UTC so the server and the browser print the same day.
 * Spelled out rather than through Intl.DateTimeFormat, which costs about 8 µs a call and a
 * product page prints 25 of them per render.
 * @example formatReviewDate("2026-11-02T15:00:00.000Z") // "November 2, 2026"
 */
export function formatReviewDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * 'Would recommend' shows for reviews of 4 or 5 stars: the dialog does not ask the question, and
 * a shopper who gives 4 or 5 stars recommends the product.
 */
export function wouldRecommend(rating: number): boolean {
  return rating >= 4;
}

/** Why a shopper reports a review, and how the store's admins read it. */
export const REVIEW_REPORT_REASONS = ["spam", "offensive", "off_topic", "other"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_LABELS: Record<ReviewReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  off_topic: "Not about the product",
  other: "Something else",
};
