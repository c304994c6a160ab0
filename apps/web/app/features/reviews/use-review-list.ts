import { DEFAULT_REVIEW_FILTERS, type ReviewPage } from "@storefront/domain";
import { useEffect, useReducer } from "react";
import { ApiError } from "~/lib/api-client";
import { initialReviewListState, reviewListReducer } from "./review-list-state";
import { fetchReviewPage } from "./reviews-api";

/** How long the Search box waits after the last key before it searches. */
export const SEARCH_DELAY_MS = 300;

/**
 * The reviews list of one product: the view state, and the pages it asks the API for. A plain
 * fetch per change is all this needs (see docs/decisions/095-review-fetch-hook.md); an answer to a request that has
 * since been replaced is dropped by its sequence number.
 */
export function useReviewList(
  handle: string,
  initialPage: ReviewPage | null,
  /** false: the first page was rendered for every visitor, without this visitor's votes. */
  ownVotesRendered = true,
) {
  const [state, dispatch] = useReducer(reviewListReducer, initialPage, initialReviewListState);
  const pending = state.pending;

  // Which of the first page's reviews this visitor found helpful, asked once after hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the page as rendered.
  useEffect(() => {
    if (ownVotesRendered || !initialPage || initialPage.reviews.length === 0) return;
    fetchReviewPage(handle, DEFAULT_REVIEW_FILTERS, 1)
      .then((page) => dispatch({ type: "own-votes", reviews: page.reviews }))
      // Unanswered, the buttons show no vote of this visitor; pressing one still asks the server.
      .catch(() => {});
  }, []);

  useEffect(() => {
    if (!pending) return;
    fetchReviewPage(handle, pending.filters, pending.page)
      .then((page) => dispatch({ type: "loaded", seq: pending.seq, page }))
      .catch((error: unknown) =>
        dispatch({
          type: "failed",
          seq: pending.seq,
          message: error instanceof ApiError ? error.message : "Reviews could not be loaded.",
        }),
      );
  }, [handle, pending]);

  // The Search box searches once typing pauses.
  const { searchText } = state;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each keystroke restarts the pause.
  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: "search" }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  return [state, dispatch] as const;
}
