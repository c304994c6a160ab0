import {
  REVIEW_DESCRIPTION_MAX_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_STARS,
  REVIEW_THANK_YOU_MS,
  starsLabel,
} from "@storefront/domain";
import { useEffect, useRef, useState } from "react";
import { Field, FormMessage } from "~/components/form-field";
import { DialogClose, ModalDialog } from "~/components/modal-dialog";
import { useAccountUser, useStoreId } from "~/features/account";
import { ApiError } from "~/lib/api-client";
import { newReviewId, submitReview } from "./reviews-api";

type Step = "rating" | "text" | "about" | "thanks";

const STEP_TITLES: Record<Step, string> = {
  rating: "How would you rate this item",
  text: "Tell us more!",
  about: "About you",
  thanks: REVIEW_MESSAGES.thankYouTitle,
};

// The ends of the star scale (spec section 2).
const LOW_HINT = "Sorry not for me";
const HIGH_HINT = "Delicious I loved it";

function starName(stars: number): string {
  if (stars === 1) return `${starsLabel(stars)} (${LOW_HINT})`;
  if (stars === 5) return `${starsLabel(stars)} (${HIGH_HINT})`;
  return starsLabel(stars);
}

/** Step 1: five stars as radio buttons (arrow keys move and choose, as in any radio group). */
function StarPicker({ rating, onChange }: { rating: number; onChange(stars: number): void }) {
  const [hover, setHover] = useState(0);
  const shown = hover || rating;
  return (
    <div className="star-picker">
      <div
        className="star-picker-stars"
        role="radiogroup"
        aria-labelledby="review-dialog-title"
        onMouseLeave={() => setHover(0)}
      >
        {[...REVIEW_STARS].reverse().map((stars) => (
          <label key={stars} className="star-picker-star" onMouseEnter={() => setHover(stars)}>
            <input
              type="radio"
              name="review-rating"
              className="visually-hidden"
              value={stars}
              checked={rating === stars}
              onChange={() => onChange(stars)}
              data-autofocus={rating === stars || (rating === 0 && stars === 1) ? "" : undefined}
            />
            {/* Filled or outlined: the state shows in the shape, not in the colour alone. */}
            <span aria-hidden="true" data-filled={stars <= shown ? "" : undefined}>
              {stars <= shown ? "★" : "☆"}
            </span>
            <span className="visually-hidden">{starName(stars)}</span>
          </label>
        ))}
      </div>
      <div className="star-picker-hints" aria-hidden="true">
        <span>{LOW_HINT}</span>
        <span>{HIGH_HINT}</span>
      </div>
    </div>
  );
}

/** How a signed-in shopper is named on a review: "Robin M." (their first name alone without a last). */
export function displayNameOf(user: { first_name: string; last_name: string }): string {
  const first = user.first_name.trim();
  const initial = user.last_name.trim().charAt(0).toUpperCase();
  return initial ? `${first} ${initial}.` : first;
}

function ReviewForm({
  handle,
  productName,
  reviewToken,
  onClose,
  onSubmitted,
}: {
  handle: string;
  productName: string;
  reviewToken: string | null;
  onClose(): void;
  onSubmitted(): void;
}) {
  const storeId = useStoreId();
  const user = useAccountUser();
  const [step, setStep] = useState<Step>("rating");
  const [rating, setRating] = useState(0);
  const [description, setDescription] = useState("");
  // A signed-in shopper's name (first name and last initial, as reviews show names) and email
  // are filled in; both can still be changed.
  const [name, setName] = useState(() => (user ? displayNameOf(user) : ""));
  const [email, setEmail] = useState(user?.email ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One id per review written: a retry after a failure is the same review to the server.
  const [reviewId] = useState(newReviewId);
  // The order email's link; dropped when the server refuses it, so the review can go without it.
  const [token, setToken] = useState(reviewToken);
  const panel = useRef<HTMLDivElement>(null);

  // Each step starts at its first control, so keyboard users carry on where they are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is what moves the focus.
  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const target =
      root.querySelector<HTMLElement>("[data-autofocus]") ??
      root.querySelector<HTMLElement>("textarea, input");
    (target ?? root.querySelector<HTMLElement>("h2"))?.focus();
  }, [step]);

  // The popup stays 2 s from when it appears, however often the page renders meanwhile.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (step !== "thanks") return;
    const timer = setTimeout(() => close.current(), REVIEW_THANK_YOU_MS);
    return () => clearTimeout(timer);
  }, [step]);

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await submitReview(storeId, {
        handle,
        review_id: reviewId,
        review_rating: rating,
        reviewer_name: name.trim(),
        review_description: description,
        review_title: "",
        reviewer_email: email,
        ...(token ? { review_token: token } : {}),
      });
      setStep("thanks");
      onSubmitted();
    } catch (e) {
      const linkRefused =
        e instanceof ApiError &&
        (e.serverMessage === REVIEW_MESSAGES.reviewLinkInvalid ||
          e.serverMessage === REVIEW_MESSAGES.reviewLinkUsed);
      if (linkRefused) {
        setToken(null);
        setError(`${e.message}. ${REVIEW_MESSAGES.withoutLink}`);
        return;
      }
      setError(
        e instanceof ApiError ? e.message : "Your review could not be sent. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  if (step === "thanks") {
    return (
      <div className="review-dialog-panel review-thanks" ref={panel} role="status">
        <h2 id="review-dialog-title" tabIndex={-1}>
          {STEP_TITLES.thanks}
        </h2>
        <p>{REVIEW_MESSAGES.thankYouText}</p>
      </div>
    );
  }

  return (
    <div className="review-dialog-panel" ref={panel}>
      <DialogClose onClick={onClose} />
      <p className="review-dialog-product">{productName}</p>
      {token ? <p className="review-dialog-note">{REVIEW_MESSAGES.linkNote}</p> : null}
      <h2 id="review-dialog-title" tabIndex={-1}>
        {STEP_TITLES[step]}
      </h2>
      {step === "rating" ? (
        <>
          <StarPicker rating={rating} onChange={setRating} />
          <div className="review-dialog-actions">
            <button
              type="button"
              className="button"
              disabled={rating === 0}
              onClick={() => setStep("text")}
            >
              Next
            </button>
          </div>
        </>
      ) : step === "text" ? (
        <>
          <label className="visually-hidden" htmlFor="review-text">
            Your review
          </label>
          <textarea
            id="review-text"
            className="review-textarea"
            placeholder="Write your review here..."
            rows={6}
            maxLength={REVIEW_DESCRIPTION_MAX_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
          <div className="review-dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setStep("rating")}
            >
              Back
            </button>
            <button
              type="button"
              className="button"
              disabled={description.trim() === ""}
              onClick={() => setStep("about")}
            >
              Next
            </button>
          </div>
        </>
      ) : (
        <form
          className="auth-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field
            label="Display Name"
            name="reviewer_name"
            autoComplete="nickname"
            value={name}
            onChange={setName}
          />
          <Field
            label="Email"
            type="email"
            name="reviewer_email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
          <p className="review-notice">
            By submitting, I acknowledge the{" "}
            <a href="/policies/terms-of-service" target="_blank" rel="noopener">
              Terms of Service
            </a>{" "}
            and{" "}
            <a href="/policies/privacy-policy" target="_blank" rel="noopener">
              Privacy Policy
            </a>{" "}
            and that my review will be publicly posted and shared online. My email is never shown.
          </p>
          <FormMessage error={error} />
          <div className="review-dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setStep("text")}
            >
              Back
            </button>
            <button
              type="submit"
              className="button"
              disabled={busy || name.trim() === "" || email.trim() === ""}
            >
              {busy ? "Submitting…" : "Submit Review"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * The three-step review dialog (spec sections 2, 4 and 5, with DECISIONS.md's fixes): a star is
 * needed before Next; the thank-you popup shows for 2 s after the server has accepted the review,
 * then the dialog closes; a refusal shows its message and keeps what was typed. Opened from an
 * order email's review link, it sends the link's token, and without it when the server refuses
 * it. The browser's modal <dialog> traps focus; Escape, the close button and the backdrop close
 * it.
 */
export default function ReviewDialog({
  isOpen,
  onClose,
  handle,
  productName,
  reviewToken = null,
  onSubmitted,
}: {
  isOpen: boolean;
  onClose(): void;
  handle: string;
  productName: string;
  /** The one-time link of the order email that opened the dialog: a Verified Buyer review. */
  reviewToken?: string | null;
  onSubmitted(): void;
}) {
  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={onClose}
      labelledBy="review-dialog-title"
      className="review-dialog"
    >
      <ReviewForm
        handle={handle}
        productName={productName}
        reviewToken={reviewToken}
        onClose={onClose}
        onSubmitted={onSubmitted}
      />
    </ModalDialog>
  );
}
