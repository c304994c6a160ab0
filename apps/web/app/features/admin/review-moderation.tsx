import {
  OWNER_RESPONSE_MAX_LENGTH,
  type OwnerReview,
  type OwnerReviewPage,
  REVIEW_REPORT_LABELS,
} from "@storefront/domain";
import { useId, useState } from "react";
import { Link } from "react-router";
import * as api from "~/lib/api";
import { useSave } from "~/lib/use-save";
import { formatDateTime } from "./format";
import { countOf, ListScreen, pageCount } from "./list-screen";

/** One review as its store's staff moderate it: hide or show it, answer it. */
function ReviewCard({ review }: { review: OwnerReview }) {
  const id = useId();
  const [response, setResponse] = useState(review.owner_response ?? "");
  const { busy, run, outcome } = useSave();

  function patch(body: { hidden?: boolean; owner_response?: string }, said: string) {
    void run(
      () => api.adminReviews.update(body, { params: { review_id: review.review_id } }),
      said,
    );
  }

  return (
    <article
      className="admin-card admin-review"
      data-hidden={review.hidden}
      aria-labelledby={`${id}-title`}
    >
      <header className="admin-review-head">
        <h2 id={`${id}-title`}>
          {review.review_title || "(no title)"}{" "}
          <span className="admin-review-stars">{review.review_rating} of 5 stars</span>
        </h2>
        <span>
          {review.reports > 0 ? (
            <span className="admin-status" data-status="declined">
              Reported {review.reports} {review.reports === 1 ? "time" : "times"}
            </span>
          ) : null}{" "}
          {review.hidden ? <span className="admin-status">Hidden</span> : null}
        </span>
      </header>
      {review.reports > 0 ? (
        <p className="admin-review-meta">
          Reported as:{" "}
          {review.report_reasons
            .map((r) => `${REVIEW_REPORT_LABELS[r.reason]} (${r.count})`)
            .join(", ")}
        </p>
      ) : null}
      <p className="admin-review-meta">
        {review.reviewer_name} ({review.reviewer_email}){review.verified ? ", verified buyer" : ""}{" "}
        on <Link to={`/products/${review.product_handle}`}>{review.product_name}</Link>,{" "}
        <time dateTime={review.review_date}>{formatDateTime(review.review_date)}</time> ·{" "}
        {review.helpful_count} found it helpful
      </p>
      <p className="admin-review-text">{review.review_description}</p>
      <div className="admin-field">
        <label htmlFor={`${id}-response`}>
          Your answer, shown under the review (empty removes it)
        </label>
        <textarea
          id={`${id}-response`}
          rows={2}
          maxLength={OWNER_RESPONSE_MAX_LENGTH}
          value={response}
          onChange={(e) => setResponse(e.target.value)}
        />
      </div>
      <div className="admin-filter-actions">
        <button
          type="button"
          className="admin-button admin-button-primary"
          disabled={busy}
          onClick={() =>
            patch(
              { owner_response: response },
              response.trim() ? "Answer saved." : "Answer removed.",
            )
          }
        >
          Save answer
        </button>
        <button
          type="button"
          className="admin-button"
          disabled={busy}
          onClick={() =>
            patch(
              { hidden: !review.hidden },
              review.hidden ? "The review is shown again." : "The review is hidden.",
            )
          }
        >
          {review.hidden ? "Show review" : "Hide review"}
        </button>
      </div>
      {outcome}
    </article>
  );
}

/** The store's reviews, newest first, hidden ones too, a page at a time. */
export function ReviewModeration({
  page,
  params,
}: {
  page: OwnerReviewPage;
  params: URLSearchParams;
}) {
  const reported = params.get("reported") === "1";
  return (
    <ListScreen
      title="Reviews"
      top={
        <nav className="admin-filters" aria-label="Which reviews">
          {reported ? (
            <Link to="/admin/reviews">All reviews</Link>
          ) : (
            <strong aria-current="page">All reviews</strong>
          )}
          {reported ? (
            <strong aria-current="page">Reported by shoppers</strong>
          ) : (
            <Link to="/admin/reviews?reported=1">Reported by shoppers</Link>
          )}
        </nav>
      }
      count={
        page.total === 0
          ? reported
            ? "No review has been reported."
            : "No reviews yet."
          : `${countOf(page.total, "review", "reviews")}, ${reported ? "the most reported first" : "newest first"}`
      }
      stack
      pager={{ page: page.page, pages: pageCount(page.total, page.page_size), params }}
    >
      {page.reviews.map((review) => (
        <ReviewCard key={review.review_id} review={review} />
      ))}
    </ListScreen>
  );
}
