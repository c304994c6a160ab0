import {
  DEFAULT_REVIEW_FILTERS,
  REVIEW_PAGE_SIZE,
  type Review,
  type ReviewFilters,
  type ReviewPage,
  type ReviewSort,
  type ReviewSummary,
  reviewSummary,
} from "@storefront/domain";

export type ReviewDropdown = "sort" | "rating";

/** A page the list waits for: `seq` tells a late answer to an older request from the current one. */
export interface PendingPage {
  seq: number;
  page: number;
  filters: ReviewFilters;
  /** true: 'Show More Reviews' (the page is added); false: a new list replaces the old one. */
  append: boolean;
}

/**
 * The reviews list's view state (spec section 4): sort (default Latest), star filter (default
 * none), photos-only, search, and the visible count (25, +25 per 'Show More Reviews', capped at
 * the total). Only one dropdown is open at a time.
 */
export interface ReviewListState {
  filters: ReviewFilters;
  /** What is typed in the Search box; it becomes `filters.q` after a pause or on Enter. */
  searchText: string;
  count: number;
  /** Reviews loaded so far, in list order (one or more pages). */
  reviews: Review[];
  /** Reviews that match the filters. */
  total: number;
  summary: ReviewSummary;
  pending: PendingPage | null;
  /** The last request's number; every request gets a higher one. */
  seq: number;
  error: string | null;
  openDropdown: ReviewDropdown | null;
  /** Reviews this visitor voted on here: the own-votes answer, asked before, must not undo it. */
  votedHere: readonly string[];
}

export type ReviewListAction =
  | { type: "sort"; sort: ReviewSort }
  | { type: "rating"; rating: number | null }
  | { type: "photos"; photos: boolean }
  | { type: "type-search"; text: string }
  | { type: "search" }
  | { type: "show-more" }
  | { type: "reset" }
  | { type: "retry" }
  | { type: "loaded"; seq: number; page: ReviewPage }
  | { type: "failed"; seq: number; message: string }
  | { type: "toggle-dropdown"; dropdown: ReviewDropdown }
  | { type: "close-dropdowns" }
  | { type: "voted"; reviewId: string; helpfulCount: number; voted: boolean }
  /** The visitor's own votes, for a list rendered for every visitor (no one's votes in it). */
  | { type: "own-votes"; reviews: readonly Review[] };

/**
 * The state the product page was rendered with; without a first page (it could not be read on
 * the server), the list starts by asking for it.
 */
export function initialReviewListState(page: ReviewPage | null): ReviewListState {
  const base: ReviewListState = {
    filters: DEFAULT_REVIEW_FILTERS,
    searchText: "",
    count: REVIEW_PAGE_SIZE,
    reviews: page?.reviews ?? [],
    total: page?.total ?? 0,
    summary: page?.summary ?? reviewSummary({}),
    pending: null,
    seq: 0,
    error: null,
    openDropdown: null,
    votedHere: [],
  };
  if (page) return base;
  return {
    ...base,
    seq: 1,
    pending: { seq: 1, page: 1, filters: DEFAULT_REVIEW_FILTERS, append: false },
  };
}

/** The reviews on screen: the first `count`, never more than the total. */
export function visibleReviews(state: ReviewListState): Review[] {
  return state.reviews.slice(0, Math.min(state.count, state.total));
}

export function hasMoreReviews(state: ReviewListState): boolean {
  return Math.min(state.count, state.total) < state.total;
}

/** A new list: back to the first 25, asking for page 1 under the new filters. */
function newList(state: ReviewListState, filters: ReviewFilters): ReviewListState {
  return {
    ...state,
    filters,
    count: REVIEW_PAGE_SIZE,
    openDropdown: null,
    error: null,
    seq: state.seq + 1,
    pending: { seq: state.seq + 1, page: 1, filters, append: false },
  };
}

export function reviewListReducer(
  state: ReviewListState,
  action: ReviewListAction,
): ReviewListState {
  switch (action.type) {
    // Changing the sort or the photos toggle resets the count to 25 (spec); so do the rating
    // filter and the search, which make a different list too.
    case "sort":
      return newList(state, { ...state.filters, sort: action.sort });
    case "rating":
      return newList(state, { ...state.filters, rating: action.rating });
    case "photos":
      return newList(state, { ...state.filters, photos: action.photos });
    case "type-search":
      return { ...state, searchText: action.text };
    case "search": {
      const q = state.searchText.trim();
      if (q === state.filters.q) return state;
      return newList(state, { ...state.filters, q });
    }
    case "reset":
      return { ...newList(state, DEFAULT_REVIEW_FILTERS), searchText: "" };
    case "retry":
      return state.pending ? state : newList(state, state.filters);
    case "show-more": {
      if (!hasMoreReviews(state) || state.pending) return state;
      const count = state.count + REVIEW_PAGE_SIZE;
      // Pages are 25 long, so page n holds reviews up to n × 25.
      const loaded = state.reviews.length >= Math.min(count, state.total);
      if (loaded) return { ...state, count };
      const seq = state.seq + 1;
      return {
        ...state,
        count,
        seq,
        pending: { seq, page: count / REVIEW_PAGE_SIZE, filters: state.filters, append: true },
      };
    }
    case "loaded": {
      const pending = state.pending;
      if (!pending || pending.seq !== action.seq) return state;
      return {
        ...state,
        reviews: pending.append ? [...state.reviews, ...action.page.reviews] : action.page.reviews,
        total: action.page.total,
        summary: action.page.summary,
        pending: null,
        error: null,
      };
    }
    case "failed": {
      if (state.pending?.seq !== action.seq) return state;
      const appendFailed = state.pending.append;
      return {
        ...state,
        // A page that did not come leaves the count where the reviews are.
        count: appendFailed ? state.count - REVIEW_PAGE_SIZE : state.count,
        reviews: appendFailed ? state.reviews : [],
        total: appendFailed ? state.total : 0,
        pending: null,
        error: action.message,
      };
    }
    case "toggle-dropdown":
      return {
        ...state,
        openDropdown: state.openDropdown === action.dropdown ? null : action.dropdown,
      };
    case "close-dropdowns":
      return state.openDropdown === null ? state : { ...state, openDropdown: null };
    case "voted":
      return {
        ...state,
        reviews: state.reviews.map((r) =>
          r.review_id === action.reviewId
            ? { ...r, helpful_count: action.helpfulCount, voted: action.voted }
            : r,
        ),
        votedHere: [...state.votedHere, action.reviewId],
      };
    case "own-votes": {
      const voted = new Map(action.reviews.map((r) => [r.review_id, r.voted]));
      return {
        ...state,
        reviews: state.reviews.map((r) => {
          const own = voted.get(r.review_id);
          if (own === undefined || own === r.voted || state.votedHere.includes(r.review_id)) {
            return r;
          }
          return { ...r, voted: own };
        }),
      };
    }
  }
}
