import {
  formatReviewDate,
  REVIEW_REPORT_LABELS,
  REVIEW_REPORT_REASONS,
  type Review,
  type ReviewMedia,
  type ReviewReportReason,
  reviewerInitials,
  wouldRecommend,
} from "@storefront/domain";
import { useId, useState } from "react";
import { ResponsiveImage } from "~/components/responsive-image";
import * as api from "~/lib/api";
import { ApiError } from "~/lib/api-client";
import { setHelpfulVote } from "./reviews-api";
import { Stars } from "./stars";

/** The reviewer's picture, else their initials, else a plain silhouette. */
export function ReviewAvatar({ name, image }: { name: string; image: string | null }) {
  if (image) {
    return (
      <ResponsiveImage
        className="review-avatar"
        src={image}
        alt=""
        width={48}
        height={48}
        shape="square"
        sizes="48px"
        loading="lazy"
      />
    );
  }
  const initials = reviewerInitials(name);
  if (initials) {
    return (
      <span className="review-avatar review-avatar-initials" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <span className="review-avatar review-avatar-default" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false" aria-hidden="true">
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
      </svg>
    </span>
  );
}

function HelpfulButton({
  review,
  onVoted,
}: {
  review: Review;
  onVoted(helpfulCount: number, voted: boolean): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const answer = await setHelpfulVote(review.review_id, !review.voted);
      onVoted(answer.helpful_count, answer.voted);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Your vote could not be saved.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="review-helpful"
        aria-pressed={review.voted}
        // One of many on the page: named by its review, its visible text first (for voice control).
        aria-label={`Helpful (${review.helpful_count}): ${review.reviewer_name}'s review`}
        disabled={busy}
        onClick={toggle}
      >
        Helpful ({review.helpful_count})
      </button>
      {error ? (
        <span className="inline-error review-helpful-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}

/** "Report": a reason to choose, then the store is told; said once sent. */
function ReportReview({ review }: { review: Review }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason>("spam");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send() {
    setBusy(true);
    setError(null);
    try {
      const where = { params: { review_id: review.review_id } };
      setSent((await api.reviews.report({ reason }, where)).message);
      setOpen(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Your report could not be sent.");
    } finally {
      setBusy(false);
    }
  }
  if (sent) {
    return (
      <span className="review-report-sent" role="status">
        {sent}
      </span>
    );
  }
  return (
    <span className="review-report">
      <button
        type="button"
        className="review-report-toggle"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        aria-label={`Report ${review.reviewer_name}'s review`}
        onClick={() => setOpen(!open)}
      >
        Report
      </button>
      {open ? (
        <span id={`${id}-form`} className="review-report-form">
          <label htmlFor={`${id}-reason`}>Why?</label>{" "}
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as ReviewReportReason)}
          >
            {REVIEW_REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REVIEW_REPORT_LABELS[r]}
              </option>
            ))}
          </select>{" "}
          <button type="button" disabled={busy} onClick={send}>
            Send report
          </button>
        </span>
      ) : null}
      {error ? (
        <span className="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/** One review (spec section 2, "Review card"); the response block only when the store answered. */
export function ReviewCard({
  review,
  brandName,
  onVoted,
  onOpenMedia,
}: {
  review: Review;
  brandName: string;
  onVoted(helpfulCount: number, voted: boolean): void;
  onOpenMedia(media: ReviewMedia[], index: number): void;
}) {
  return (
    <li className="review-card">
      <div className="review-author">
        <ReviewAvatar name={review.reviewer_name} image={review.profile_image} />
        <div>
          <p className="review-name">{review.reviewer_name}</p>
          {review.verified ? <p className="review-verified">Verified Buyer</p> : null}
        </div>
      </div>
      <div className="review-body">
        <p className="review-meta">
          <Stars value={review.review_rating} />
          <time dateTime={review.review_date}>{formatReviewDate(review.review_date)}</time>
        </p>
        {review.review_title ? <h3 className="review-title">{review.review_title}</h3> : null}
        <p className="review-text">{review.review_description}</p>
        {review.media.length > 0 ? (
          <ul className="review-media" aria-label="Photos and videos">
            {review.media.map((item, index) => (
              <li key={item.url}>
                <button
                  type="button"
                  aria-label={`Open ${item.type === "video" ? "video" : "photo"} ${index + 1} of ${review.media.length}: ${item.alt}`}
                  onClick={() => onOpenMedia(review.media, index)}
                >
                  {item.type === "video" ? (
                    <span className="review-media-video" aria-hidden="true">
                      ▶
                    </span>
                  ) : (
                    <ResponsiveImage
                      src={item.url}
                      alt=""
                      width={72}
                      height={72}
                      shape="square"
                      sizes="72px"
                      loading="lazy"
                    />
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="review-product">
          Review for <span>{review.product_name}</span>
        </p>
        {review.owner_response ? (
          <div className="review-response">
            <p className="review-response-title">Response from {brandName}</p>
            <p>{review.owner_response}</p>
          </div>
        ) : null}
        <div className="review-footer">
          {wouldRecommend(review.review_rating) ? (
            <span className="review-recommend">Would recommend</span>
          ) : null}
          <HelpfulButton review={review} onVoted={onVoted} />
          <ReportReview review={review} />
        </div>
      </div>
    </li>
  );
}
