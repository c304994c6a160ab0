import { type Review, type ReviewPage, reviewSummary } from "@storefront/domain";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialReviewListState, reviewListReducer } from "./review-list-state";
import { ReviewsWidget } from "./reviews-widget";

function review(n: number, change: Partial<Review> = {}): Review {
  return {
    review_id: `r${n}`,
    review_rating: 5,
    review_date: "2026-11-02T15:00:00.000Z",
    review_title: "",
    review_description: `Review number ${n}`,
    reviewer_name: `Reviewer ${n}`,
    profile_image: null,
    product_name: "Itchy Scratchy",
    owner_response: null,
    verified: false,
    helpful_count: 0,
    media: [],
    voted: false,
    ...change,
  };
}

/** Page `page` of a product with `total` reviews numbered 1…total. */
function reviewPage(total: number, page = 1, change: Partial<ReviewPage> = {}): ReviewPage {
  const first = (page - 1) * 25 + 1;
  const count = Math.max(0, Math.min(25, total - first + 1));
  return {
    handle: "itchy-scratchy",
    product_name: "Itchy Scratchy",
    summary: reviewSummary({ 5: Math.ceil(total / 2), 4: Math.floor(total / 2) }),
    total,
    page,
    page_size: 25,
    has_more: page * 25 < total,
    reviews: Array.from({ length: count }, (_, i) => review(first + i)),
    ...change,
  };
}

/** A fetch that answers each listing URL through `answer`, and records the URLs. */
function stubFetch(answer: (url: URL, init?: RequestInit) => unknown | Promise<unknown>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    calls.push(url);
    const body = await answer(url, init);
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function renderWidget(initialPage: ReviewPage | null) {
  return render(
    <ReviewsWidget
      handle="itchy-scratchy"
      productName="Itchy Scratchy"
      brandName="Pawsome Herbals"
      initialPage={initialPage}
    />,
  );
}

const cards = () => within(screen.getByRole("list", { name: "Reviews" })).getAllByRole("listitem");
const showMore = () => screen.queryByRole("button", { name: "Show More Reviews" });
const dropdownButton = (label: string) =>
  screen.getByRole("button", { name: new RegExp(`^${label}`) });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the reviews widget", () => {
  it("renders the server's first page: average to 2 decimals, stars, count, bars and 25 cards", () => {
    renderWidget(reviewPage(60));
    expect(screen.getByRole("heading", { name: "Customer Reviews" })).toBeTruthy();
    expect(screen.getByText("4.50")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Rated 4.5 out of 5 stars" })).toBeTruthy();
    expect(screen.getByText("60 reviews")).toBeTruthy();
    const bars = within(screen.getByRole("list", { name: "Ratings" })).getAllByRole("listitem");
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual([
      "5 stars: 50%",
      "4 stars: 50%",
      "3 stars: 0%",
      "2 stars: 0%",
      "1 star: 0%",
    ]);
    expect(screen.getByRole("button", { name: "Write a review" })).toBeTruthy();
    expect(cards()).toHaveLength(25);
    expect(showMore()).toBeTruthy();
  });

  it("says 'review' for one review", () => {
    renderWidget(reviewPage(1, 1, { summary: reviewSummary({ 4: 1 }) }));
    expect(screen.getByText("1 review")).toBeTruthy();
    expect(screen.getByText("4.00")).toBeTruthy();
    expect(showMore()).toBeNull();
  });

  it("shows the empty state without reviews", () => {
    renderWidget(reviewPage(0));
    expect(screen.getByText("No Reviews Yet")).toBeTruthy();
    expect(screen.getByText("Be the first to share your experience!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Write a Review" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Sort by/ })).toBeNull();
  });

  it("asks for the first page itself when the page came without one", async () => {
    const calls = stubFetch(() => reviewPage(3));
    renderWidget(null);
    expect(screen.getByRole("status").textContent).toBe("Loading reviews...");
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(calls.map((u) => u.pathname + u.search)).toEqual([
      "/api/products/itchy-scratchy/reviews",
    ]);
  });

  it("says when the reviews could not be read, and tries again on request", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        calls += 1;
        return calls === 1
          ? new Response(JSON.stringify({ error: { code: "internal", message: "Try later." } }), {
              status: 500,
            })
          : new Response(JSON.stringify(reviewPage(2)), { status: 200 });
      }),
    );
    renderWidget(null);
    expect((await screen.findByRole("alert")).textContent).toContain("Try later.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows 25 more per 'Show More Reviews', up to the total, then no button", async () => {
    const calls = stubFetch((url) => reviewPage(60, Number(url.searchParams.get("page"))));
    renderWidget(reviewPage(60));
    fireEvent.click(showMore() as HTMLElement);
    await waitFor(() => expect(cards()).toHaveLength(50));
    fireEvent.click(showMore() as HTMLElement);
    await waitFor(() => expect(cards()).toHaveLength(60));
    expect(showMore()).toBeNull();
    expect(calls.map((u) => u.search)).toEqual(["?page=2", "?page=3"]);
    // Every review once, in order.
    expect(cards().map((c) => within(c).getByText(/^Review number/).textContent)).toEqual(
      Array.from({ length: 60 }, (_, i) => `Review number ${i + 1}`),
    );
  });

  it("goes back to 25 when the sort changes, showing 'Loading reviews...' meanwhile", async () => {
    let release: () => void = () => {};
    const calls = stubFetch(async (url) => {
      if (url.searchParams.get("sort") === "oldest") {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
      return reviewPage(60, Number(url.searchParams.get("page") ?? 1));
    });
    renderWidget(reviewPage(60));
    fireEvent.click(showMore() as HTMLElement);
    await waitFor(() => expect(cards()).toHaveLength(50));

    fireEvent.click(dropdownButton("Sort by"));
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Oldest" }));
    expect(screen.getByRole("status").textContent).toBe("Loading reviews...");
    await act(async () => release());
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(dropdownButton("Sort by").textContent).toBe("Oldest");
    expect(calls.at(-1)?.search).toBe("?sort=oldest");
    expect(showMore()).toBeTruthy();
  });

  it("goes back to 25 when the photos toggle changes", async () => {
    const calls = stubFetch((url) => reviewPage(60, Number(url.searchParams.get("page") ?? 1)));
    renderWidget(reviewPage(60));
    fireEvent.click(showMore() as HTMLElement);
    await waitFor(() => expect(cards()).toHaveLength(50));
    fireEvent.click(screen.getByRole("checkbox", { name: "Photos & videos" }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(calls.at(-1)?.search).toBe("?photos=true");
  });

  it("filters by the star chosen in Rating, from All, 1 star … 5 stars", async () => {
    const calls = stubFetch(() => reviewPage(2));
    renderWidget(reviewPage(60));
    fireEvent.click(dropdownButton("Rating"));
    const options = screen.getAllByRole("menuitemradio").map((o) => o.textContent);
    expect(options).toEqual(["All", "1 star", "2 stars", "3 stars", "4 stars", "5 stars"]);
    fireEvent.click(screen.getByRole("menuitemradio", { name: "4 stars" }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calls.at(-1)?.search).toBe("?rating=4");
    expect(dropdownButton("Rating").textContent).toBe("4 stars");
  });

  it("keeps one dropdown open at a time and closes it on a click outside", () => {
    renderWidget(reviewPage(30));
    fireEvent.click(dropdownButton("Sort by"));
    expect(dropdownButton("Sort by").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("menu")).toHaveLength(1);

    fireEvent.click(dropdownButton("Rating"));
    expect(dropdownButton("Sort by").getAttribute("aria-expanded")).toBe("false");
    expect(dropdownButton("Rating").getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("menu")).toHaveLength(1);
    expect(screen.getByRole("menuitemradio", { name: "All" })).toBeTruthy();

    fireEvent.pointerDown(screen.getByText("30 reviews"));
    expect(screen.queryByRole("menu")).toBeNull();
    expect(dropdownButton("Rating").getAttribute("aria-expanded")).toBe("false");
  });

  it("closes a dropdown with Escape and returns to its button; arrows move through the choices", () => {
    renderWidget(reviewPage(30));
    const button = dropdownButton("Sort by");
    fireEvent.click(button);
    const latest = screen.getByRole("menuitemradio", { name: "Latest" });
    expect(document.activeElement).toBe(latest);
    expect(latest.getAttribute("aria-checked")).toBe("true");
    fireEvent.keyDown(latest, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Oldest");
    fireEvent.keyDown(document.activeElement as Element, { key: "End" });
    expect(document.activeElement?.textContent).toBe("Most helpful");
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("searches once typing pauses, and says so when nothing matches", async () => {
    const calls = stubFetch((url) =>
      url.searchParams.get("q") === "storm"
        ? reviewPage(1)
        : reviewPage(0, 1, { summary: reviewPage(60).summary }),
    );
    renderWidget(reviewPage(60));
    const box = screen.getByRole("searchbox", { name: "Search" });
    fireEvent.change(box, { target: { value: "sto" } });
    fireEvent.change(box, { target: { value: "storm" } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.map((u) => u.search)).toEqual(["?q=storm"]);

    fireEvent.change(box, { target: { value: "parrot" } });
    await waitFor(() =>
      expect(screen.getByText("No reviews match your search or filters.")).toBeTruthy(),
    );
    fireEvent.click(screen.getByRole("button", { name: "Show all reviews" }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(""));
  });

  it("shows what a review has: Verified Buyer, the response, recommendation, avatar and date", () => {
    renderWidget(
      reviewPage(3, 1, {
        reviews: [
          review(1, {
            verified: true,
            reviewer_name: "Jane van der Berg",
            owner_response: "Thank you, Jane!",
            review_title: "Calm at last",
          }),
          review(2, {
            review_rating: 3,
            reviewer_name: "???",
            profile_image: "/media/pet-remedies/avatar-maple.jpg",
          }),
          review(3, { review_rating: 2, reviewer_name: "!!" }),
        ],
      }),
    );
    const [first, second, third] = cards();
    if (!first || !second || !third) throw new Error("three cards expected");
    expect(within(first).getByText("Verified Buyer")).toBeTruthy();
    expect(within(first).getByText("JB")).toBeTruthy();
    expect(within(first).getByRole("heading", { name: "Calm at last" })).toBeTruthy();
    expect(within(first).getByText("Response from Pawsome Herbals")).toBeTruthy();
    expect(within(first).getByText("Thank you, Jane!")).toBeTruthy();
    expect(within(first).getByText("Would recommend")).toBeTruthy();
    expect(within(first).getByText("November 2, 2026")).toBeTruthy();
    expect(first.textContent).toContain("Review for Itchy Scratchy");
    expect(within(first).getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeTruthy();

    expect(within(second).queryByText("Verified Buyer")).toBeNull();
    expect(within(second).queryByText(/^Response from/)).toBeNull();
    expect(within(second).queryByText("Would recommend")).toBeNull();
    expect(second.querySelector("img.review-avatar")?.getAttribute("src")).toBe(
      "/media/pet-remedies/avatar-maple_728.webp",
    );
    expect(third.querySelector(".review-avatar-default svg")).toBeTruthy();
  });

  it("marks a review helpful and shows the new count; pressing again takes it back", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string, init?: RequestInit) => {
        calls.push(`${init?.method} ${input}`);
        const voted = init?.method === "POST";
        return new Response(JSON.stringify({ helpful_count: voted ? 4 : 3, voted }), {
          status: 200,
        });
      }),
    );
    renderWidget(reviewPage(1, 1, { reviews: [review(1, { helpful_count: 3 })] }));
    // Each of the page's Helpful buttons is named by its review, its visible text first.
    const helpful = screen.getByRole("button", { name: "Helpful (3): Reviewer 1's review" });
    expect(helpful.textContent).toBe("Helpful (3)");
    expect(helpful.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(helpful);
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: /Helpful \(4\)/ }).getAttribute("aria-pressed"),
      ).toBe("true"),
    );
    fireEvent.click(screen.getByRole("button", { name: /Helpful \(4\)/ }));
    await waitFor(() => expect(screen.getByRole("button", { name: /Helpful \(3\)/ })).toBeTruthy());
    expect(calls).toEqual(["POST /api/reviews/r1/helpful", "DELETE /api/reviews/r1/helpful"]);
  });

  it("on a page rendered for every visitor, asks for this visitor's own votes and shows them", async () => {
    const calls = stubFetch(() =>
      reviewPage(2, 1, { reviews: [review(1, { voted: true }), review(2)] }),
    );
    render(
      <ReviewsWidget
        handle="itchy-scratchy"
        productName="Itchy Scratchy"
        brandName="Pawsome Herbals"
        initialPage={reviewPage(2)}
        ownVotesRendered={false}
      />,
    );
    const pressed = () =>
      screen
        .getAllByRole("button", { name: /Helpful/ })
        .map((button) => button.getAttribute("aria-pressed"));
    await waitFor(() => expect(pressed()).toEqual(["true", "false"]));
    expect(calls.map((url) => url.pathname)).toEqual(["/api/products/itchy-scratchy/reviews"]);
    expect(cards()).toHaveLength(2);
  });

  it("asks for no votes when the page was rendered with this visitor's own", async () => {
    const calls = stubFetch(() => reviewPage(2));
    renderWidget(reviewPage(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(calls).toEqual([]);
  });
});

describe("the list state", () => {
  it("keeps a vote made here when the visitor's votes, asked before it, arrive after it", () => {
    let state = initialReviewListState(reviewPage(2));
    state = reviewListReducer(state, {
      type: "voted",
      reviewId: "r1",
      helpfulCount: 1,
      voted: true,
    });
    state = reviewListReducer(state, {
      type: "own-votes",
      reviews: [review(1, { voted: false }), review(2, { voted: true })],
    });
    expect(state.reviews.map((r) => r.voted)).toEqual([true, true]);
  });

  it("drops a late answer to a request that has been replaced", () => {
    let state = initialReviewListState(reviewPage(60));
    state = reviewListReducer(state, { type: "sort", sort: "oldest" });
    const first = state.pending?.seq ?? -1;
    state = reviewListReducer(state, { type: "sort", sort: "highest" });
    state = reviewListReducer(state, { type: "loaded", seq: first, page: reviewPage(7) });
    expect(state.total).toBe(60);
    expect(state.pending?.filters.sort).toBe("highest");
  });

  it("caps the visible count at the total", () => {
    let state = initialReviewListState(reviewPage(30));
    state = reviewListReducer(state, { type: "show-more" });
    state = reviewListReducer(state, {
      type: "loaded",
      seq: state.pending?.seq ?? -1,
      page: reviewPage(30, 2),
    });
    expect(state.count).toBe(50);
    expect(state.reviews).toHaveLength(30);
    // No further page to ask for.
    expect(reviewListReducer(state, { type: "show-more" })).toBe(state);
  });
});
