import { REVIEW_MESSAGES, REVIEW_THANK_YOU_MS } from "@storefront/domain";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import ReviewDialog from "./review-dialog";

// jsdom has <dialog> without showModal/close; these do what the browser does for the tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function renderDialog(
  reviewToken: string | null = null,
  user: { email: string; first_name: string; last_name: string } | null = null,
) {
  const onClose = vi.fn();
  const onSubmitted = vi.fn();
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ store: { storeId: "pet-remedies" }, auth: { user } }),
      Component: () => (
        <ReviewDialog
          isOpen
          onClose={onClose}
          handle="itchy-scratchy"
          productName="Itchy Scratchy"
          reviewToken={reviewToken}
          onSubmitted={onSubmitted}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  await screen.findByRole("heading", { name: "How would you rate this item" });
  return { onClose, onSubmitted };
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

/** Through steps 1 and 2 with a rating and a text. */
async function toStepThree(stars = "4 stars", text = "  Calm through the storm.  ") {
  fireEvent.click(screen.getByRole("radio", { name: stars }));
  fireEvent.click(button("Next"));
  fireEvent.change(screen.getByPlaceholderText("Write your review here..."), {
    target: { value: text },
  });
  fireEvent.click(button("Next"));
  await screen.findByRole("heading", { name: "About you" });
}

function answer(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

describe("the review dialog", () => {
  it("opened from an order email's link, says the review will be verified and sends the link's token; refused, sends without it", async () => {
    await renderDialog("review:order:product.signature");
    expect(screen.getByText(REVIEW_MESSAGES.linkNote)).toBeTruthy();
    await toStepThree();
    fireEvent.change(screen.getByLabelText("Display Name *"), { target: { value: "Jane" } });
    fireEvent.change(screen.getByLabelText("Email *"), { target: { value: "jane@example.com" } });
    const refused = answer(409, {
      error: {
        code: "conflict",
        message: REVIEW_MESSAGES.reviewLinkUsed,
        fields: { review_token: REVIEW_MESSAGES.reviewLinkUsed },
      },
    });
    await act(async () => {
      fireEvent.click(button("Submit Review"));
    });
    expect(JSON.parse(String(refused[0]?.init?.body)).review_token).toBe(
      "review:order:product.signature",
    );
    expect(
      await screen.findByText(`${REVIEW_MESSAGES.reviewLinkUsed}. ${REVIEW_MESSAGES.withoutLink}`),
    ).toBeTruthy();
    expect(screen.queryByText(REVIEW_MESSAGES.linkNote)).toBeNull();
    const calls = answer(201, { review: {} });
    await act(async () => {
      fireEvent.click(button("Submit Review"));
    });
    expect(JSON.parse(String(calls[0]?.init?.body))).not.toHaveProperty("review_token");
    expect(await screen.findByRole("heading", { name: "Thank You!" })).toBeTruthy();
  });

  it("fills in a signed-in shopper's name and email, which can still be changed", async () => {
    await renderDialog(null, {
      email: "robin@example.com",
      first_name: "Robin",
      last_name: "meadow",
    });
    await toStepThree();
    const name = screen.getByLabelText("Display Name *") as HTMLInputElement;
    const email = screen.getByLabelText("Email *") as HTMLInputElement;
    expect(name.value).toBe("Robin M.");
    expect(email.value).toBe("robin@example.com");
    expect(button("Submit Review").disabled).toBe(false);
    fireEvent.change(name, { target: { value: "Robin" } });
    expect(name.value).toBe("Robin");
  });

  it("leaves the name and email empty for a guest", async () => {
    await renderDialog();
    await toStepThree();
    expect((screen.getByLabelText("Display Name *") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Email *") as HTMLInputElement).value).toBe("");
  });

  it("needs a star before Next on step 1, with the scale's two labels", async () => {
    await renderDialog();
    expect(screen.getByText("Sorry not for me")).toBeTruthy();
    expect(screen.getByText("Delicious I loved it")).toBeTruthy();
    const radios = screen.getAllByRole("radio");
    expect(radios.map((r) => r.getAttribute("value"))).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByRole("radio", { name: "1 star (Sorry not for me)" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "5 stars (Delicious I loved it)" })).toBeTruthy();
    // Keyboard users start on the stars.
    expect(document.activeElement).toBe(radios[0]);
    expect(button("Next").disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "3 stars" }));
    expect(button("Next").disabled).toBe(false);
    // A chosen star is filled, the others outlined: the state is in the shape, not colour alone.
    const shapes = radios.map((r) => r.nextElementSibling?.textContent);
    expect(shapes).toEqual(["★", "★", "★", "☆", "☆"]);
  });

  it("keeps Next of step 2 disabled while the review is blank, and Back keeps the star", async () => {
    await renderDialog();
    fireEvent.click(screen.getByRole("radio", { name: "2 stars" }));
    fireEvent.click(button("Next"));
    expect(screen.getByRole("heading", { name: "Tell us more!" })).toBeTruthy();
    const text = screen.getByPlaceholderText("Write your review here...");
    expect(document.activeElement).toBe(text);
    expect(button("Next").disabled).toBe(true);
    fireEvent.change(text, { target: { value: "   \n " } });
    expect(button("Next").disabled).toBe(true);
    fireEvent.change(text, { target: { value: "Good" } });
    expect(button("Next").disabled).toBe(false);
    fireEvent.click(button("Back"));
    expect((screen.getByRole("radio", { name: "2 stars" }) as HTMLInputElement).checked).toBe(true);
  });

  it("keeps Submit of step 3 disabled until the name and email are not blank", async () => {
    await renderDialog();
    await toStepThree();
    const name = screen.getByLabelText("Display Name *") as HTMLInputElement;
    const email = screen.getByLabelText("Email *") as HTMLInputElement;
    expect(document.activeElement).toBe(name);
    expect(email.type).toBe("email");
    expect(screen.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe(
      "/policies/terms-of-service",
    );
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      "/policies/privacy-policy",
    );
    expect(screen.getByText(/publicly posted/)).toBeTruthy();
    const submit = button("Submit Review");
    expect(submit.disabled).toBe(true);
    fireEvent.change(name, { target: { value: "  " } });
    fireEvent.change(email, { target: { value: "jane@example.com" } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(name, { target: { value: "Jane" } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(email, { target: { value: " " } });
    expect(submit.disabled).toBe(true);
  });

  it("sends the spec's payload, shows Thank You! for 2 s without a button, then closes", async () => {
    const { onClose, onSubmitted } = await renderDialog();
    const calls = answer(201, { review: {} });
    await toStepThree();
    fireEvent.change(screen.getByLabelText("Display Name *"), { target: { value: "  Jane  " } });
    fireEvent.change(screen.getByLabelText("Email *"), { target: { value: "jane@example.com" } });

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(button("Submit Review"));
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("/reviews/addReview?store_id=pet-remedies");
    expect(calls[0]?.init?.method).toBe("POST");
    const sent = JSON.parse(String(calls[0]?.init?.body));
    expect(sent).toEqual({
      handle: "itchy-scratchy",
      review_id: expect.stringMatching(/^\d{19}$/),
      review_rating: 4,
      reviewer_name: "Jane",
      review_description: "  Calm through the storm.  ",
      review_title: "",
      reviewer_email: "jane@example.com",
    });

    const thanks = screen.getByRole("status");
    expect(within(thanks).getByRole("heading", { name: "Thank You!" })).toBeTruthy();
    expect(within(thanks).getByText("Your review has been submitted successfully.")).toBeTruthy();
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(onSubmitted).toHaveBeenCalledOnce();

    act(() => vi.advanceTimersByTime(REVIEW_THANK_YOU_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal and keeps everything typed; a retry sends the same review_id", async () => {
    const { onSubmitted } = await renderDialog();
    const calls = answer(400, {
      error: {
        code: "invalid",
        message: "reviewer_email: Please enter a valid email address",
        fields: { reviewer_email: "Please enter a valid email address" },
      },
    });
    await toStepThree("5 stars (Delicious I loved it)", "Lovely");
    fireEvent.change(screen.getByLabelText("Display Name *"), { target: { value: "Jane" } });
    fireEvent.change(screen.getByLabelText("Email *"), { target: { value: "jane@example" } });
    await act(async () => {
      fireEvent.click(button("Submit Review"));
    });
    expect(screen.getByRole("alert").textContent).toBe("Please enter a valid email address");
    expect((screen.getByLabelText("Display Name *") as HTMLInputElement).value).toBe("Jane");
    expect((screen.getByLabelText("Email *") as HTMLInputElement).value).toBe("jane@example");
    expect(button("Submit Review").disabled).toBe(false);
    expect(onSubmitted).not.toHaveBeenCalled();

    fireEvent.click(button("Back"));
    expect(
      (screen.getByPlaceholderText("Write your review here...") as HTMLTextAreaElement).value,
    ).toBe("Lovely");
    fireEvent.click(button("Next"));
    await act(async () => {
      fireEvent.click(button("Submit Review"));
    });
    const ids = calls.map((c) => JSON.parse(String(c.init?.body)).review_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it("closes with its close button on every step", async () => {
    const { onClose } = await renderDialog();
    fireEvent.click(button("Close"));
    expect(onClose).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("radio", { name: "1 star (Sorry not for me)" }));
    fireEvent.click(button("Next"));
    fireEvent.click(button("Close"));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
