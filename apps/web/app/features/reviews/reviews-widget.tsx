import {
  formatAverage,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  REVIEW_STARS,
  type Review,
  type ReviewMedia,
  type ReviewPage,
  type ReviewSort,
  reviewCountLabel,
  starsLabel,
} from "@storefront/domain";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { DropdownOption } from "./dropdown";
import { Dropdown } from "./dropdown";
import { MediaViewer } from "./media-viewer";
import { ReviewCard } from "./review-card";
import {
  hasMoreReviews,
  type ReviewListAction,
  type ReviewListState,
  visibleReviews,
} from "./review-list-state";
import { Stars } from "./stars";
import { useReviewList } from "./use-review-list";

// The dialog's code loads when a shopper first reaches for it, not with every product page.
const loadDialog = () => import("./review-dialog");
const ReviewDialog = lazy(loadDialog);

const SORT_OPTIONS: DropdownOption<ReviewSort>[] = REVIEW_SORTS.map((sort) => ({
  value: sort,
  label: REVIEW_SORT_LABELS[sort],
}));
// 'All, 1 star, 2 stars … 5 stars' (spec section 2).
const RATING_OPTIONS: DropdownOption<number | null>[] = [
  { value: null, label: "All" },
  ...[...REVIEW_STARS].reverse().map((stars) => ({ value: stars, label: starsLabel(stars) })),
];

function RatingBars({ state }: { state: ReviewListState }) {
  return (
    <ul className="reviews-bars" aria-label="Ratings">
      {state.summary.distribution.map((share) => (
        <li key={share.stars} aria-label={`${starsLabel(share.stars)}: ${share.percent}%`}>
          <span className="reviews-bar-label" aria-hidden="true">
            {share.stars} ★
          </span>
          <span className="reviews-bar" aria-hidden="true">
            <span style={{ width: `${share.percent}%` }} />
          </span>
          <span className="reviews-bar-count" aria-hidden="true">
            {share.count}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Controls({
  state,
  dispatch,
}: {
  state: ReviewListState;
  dispatch(action: ReviewListAction): void;
}) {
  return (
    <div className="reviews-controls">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to browsers before 2023 and to jsdom; the form carries the landmark role instead. */}
      <form
        role="search"
        className="reviews-search"
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ type: "search" });
        }}
      >
        <label className="review-control-label" htmlFor="reviews-search">
          Search
        </label>
        <input
          id="reviews-search"
          type="search"
          placeholder="Search reviews"
          maxLength={100}
          value={state.searchText}
          onChange={(event) => dispatch({ type: "type-search", text: event.target.value })}
        />
      </form>
      <Dropdown
        label="Sort by"
        options={SORT_OPTIONS}
        value={state.filters.sort}
        isOpen={state.openDropdown === "sort"}
        onToggle={() => dispatch({ type: "toggle-dropdown", dropdown: "sort" })}
        onClose={() => dispatch({ type: "close-dropdowns" })}
        onChange={(sort) => dispatch({ type: "sort", sort })}
      />
      <Dropdown
        label="Rating"
        options={RATING_OPTIONS}
        value={state.filters.rating}
        isOpen={state.openDropdown === "rating"}
        onToggle={() => dispatch({ type: "toggle-dropdown", dropdown: "rating" })}
        onClose={() => dispatch({ type: "close-dropdowns" })}
        onChange={(rating) => dispatch({ type: "rating", rating })}
      />
      <label className="reviews-photos">
        <input
          type="checkbox"
          checked={state.filters.photos}
          onChange={(event) => dispatch({ type: "photos", photos: event.target.checked })}
        />
        Photos &amp; videos
      </label>
    </div>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="reviews-state" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function ReviewList({
  state,
  dispatch,
  brandName,
  onOpenMedia,
}: {
  state: ReviewListState;
  dispatch(action: ReviewListAction): void;
  brandName: string;
  onOpenMedia(media: ReviewMedia[], index: number): void;
}) {
  const replacing = state.pending !== null && !state.pending.append;
  if (replacing) {
    return (
      <p className="reviews-state" role="status">
        Loading reviews...
      </p>
    );
  }
  if (state.error && state.reviews.length === 0) {
    return <LoadFailed message={state.error} onRetry={() => dispatch({ type: "retry" })} />;
  }
  const shown = visibleReviews(state);
  if (shown.length === 0) {
    return (
      <div className="reviews-state">
        <p>No reviews match your search or filters.</p>
        <button type="button" className="link-button" onClick={() => dispatch({ type: "reset" })}>
          Show all reviews
        </button>
      </div>
    );
  }
  const loadingMore = state.pending?.append === true;
  return (
    <>
      <ul className="review-list" aria-label="Reviews">
        {shown.map((review: Review) => (
          <ReviewCard
            key={review.review_id}
            review={review}
            brandName={brandName}
            onOpenMedia={onOpenMedia}
            onVoted={(helpfulCount, voted) =>
              dispatch({ type: "voted", reviewId: review.review_id, helpfulCount, voted })
            }
          />
        ))}
      </ul>
      {state.error ? (
        <p className="inline-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {hasMoreReviews(state) || loadingMore ? (
        <button
          type="button"
          className="button button-secondary reviews-more"
          disabled={loadingMore}
          onClick={() => dispatch({ type: "show-more" })}
        >
          {loadingMore ? "Loading reviews..." : "Show More Reviews"}
        </button>
      ) : null}
    </>
  );
}

/**
 * The reviews widget of a product page (spec section 2): the summary and bar chart, the controls,
 * the list (first page rendered on the server), and the three-step review dialog.
 */
export function ReviewsWidget({
  handle,
  productName,
  brandName,
  initialPage,
  ownVotesRendered = true,
  reviewToken = null,
}: {
  handle: string;
  productName: string;
  brandName: string;
  initialPage: ReviewPage | null;
  /** false: the first page was rendered for every visitor; this visitor's votes are asked after. */
  ownVotesRendered?: boolean;
  /** The one-time link of an order email (`?review=`): the dialog opens at once with it. */
  reviewToken?: string | null;
}) {
  const [state, dispatch] = useReviewList(handle, initialPage, ownVotesRendered);
  // The widget hydrates after the page (its code loads apart): `data-ready` says it now answers.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [media, setMedia] = useState<{ items: ReviewMedia[]; index: number } | null>(null);
  const controls = useRef<HTMLDivElement>(null);

  // A click anywhere outside the open dropdown closes it.
  const dropdownOpen = state.openDropdown !== null;
  useEffect(() => {
    if (!dropdownOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      const inDropdown = target?.closest("[data-dropdown]");
      if (!inDropdown || !controls.current?.contains(inDropdown)) {
        dispatch({ type: "close-dropdowns" });
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [dropdownOpen, dispatch]);

  const openDialog = () => {
    setDialogWanted(true);
    setDialogOpen(true);
  };
  const linked = reviewToken !== null && reviewToken !== "";
  useEffect(() => {
    if (!linked) return;
    setDialogWanted(true);
    setDialogOpen(true);
  }, [linked]);
  const prefetch = () => {
    void loadDialog();
  };
  const writeButton = (label: string) => (
    <button
      type="button"
      className="button reviews-write"
      onClick={openDialog}
      onPointerEnter={prefetch}
      onFocus={prefetch}
    >
      {label}
    </button>
  );

  const { summary } = state;
  const firstLoad = state.pending !== null && summary.count === 0 && state.reviews.length === 0;
  const failedFirst = !firstLoad && summary.count === 0 && state.error !== null;
  const empty = summary.count === 0 && !firstLoad && !failedFirst;

  return (
    <section
      className="reviews"
      aria-labelledby="reviews-title"
      data-lazy=""
      data-ready={ready ? "" : undefined}
    >
      <h2 id="reviews-title" className="reviews-title">
        Customer Reviews
      </h2>
      {firstLoad ? (
        <p className="reviews-state" role="status">
          Loading reviews...
        </p>
      ) : failedFirst ? (
        <LoadFailed message={state.error ?? ""} onRetry={() => dispatch({ type: "retry" })} />
      ) : empty ? (
        <div className="reviews-empty">
          <h3>No Reviews Yet</h3>
          <p>Be the first to share your experience!</p>
          {writeButton("Write a Review")}
        </div>
      ) : (
        <>
          <div className="reviews-header">
            <div className="reviews-summary">
              <p className="reviews-average">{formatAverage(summary.average)}</p>
              <Stars value={summary.average} className="reviews-average-stars" />
              <p className="reviews-count">{reviewCountLabel(summary.count)}</p>
            </div>
            <RatingBars state={state} />
            <div className="reviews-write-box">{writeButton("Write a review")}</div>
          </div>
          <div ref={controls}>
            <Controls state={state} dispatch={dispatch} />
          </div>
          <ReviewList
            state={state}
            dispatch={dispatch}
            brandName={brandName}
            onOpenMedia={(items, index) => setMedia({ items, index })}
          />
        </>
      )}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ReviewDialog
            isOpen={dialogOpen}
            onClose={() => setDialogOpen(false)}
            handle={handle}
            productName={productName}
            reviewToken={linked ? reviewToken : null}
            // The new review is first under Latest with no filters: show the list that way.
            onSubmitted={() => dispatch({ type: "reset" })}
          />
        </Suspense>
      ) : null}
      <MediaViewer
        media={media?.items ?? null}
        start={media?.index ?? 0}
        onClose={() => setMedia(null)}
      />
    </section>
  );
}

// The lazy import's (index.ts): the module's default is the widget.
export default ReviewsWidget;
