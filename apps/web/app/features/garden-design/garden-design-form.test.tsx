import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GardenDesignForm } from "./garden-design-form";

afterEach(() => {
  vi.unstubAllGlobals();
});

const textbox = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const type = (name: string, value: string) =>
  fireEvent.change(textbox(name), { target: { value } });
const click = (role: "button" | "radio" | "checkbox", name: string) =>
  fireEvent.click(screen.getByRole(role, { name }));
const next = () => click("button", "Next Step");
const alerts = () =>
  screen
    .getAllByRole("alert")
    .map((a) => a.textContent)
    .filter(Boolean);

function expectStep(n: number, title: string, percent: number) {
  expect(screen.getByText(`Step ${n} of 6`)).toBeTruthy();
  expect(screen.getByText(`${percent}%`)).toBeTruthy();
  expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe(String(percent));
  expect(screen.getByRole("heading", { level: 3 }).textContent).toBe(title);
}

/** Fills steps 1 to 5 with valid answers and arrives at step 6. */
function fillToReview() {
  type("Full Name", "Robin Meadow");
  type("Email Address", "robin@example.com");
  next();
  type("Where is your garden located?", "Backyard");
  type("Length (feet)", "24");
  type("Width (feet)", "12.5");
  next();
  click("radio", "Part sun (3-6 hours)");
  click("radio", "Low - Minimal care required");
  next();
  click("checkbox", "Clean and simple");
  next();
  type("Color preferences", "Blues");
  next();
}

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

describe("garden design wizard", () => {
  it("goes to the next step only when the step's fields are valid, showing the spec's messages", () => {
    render(<GardenDesignForm storeId="garden-studio" />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Garden Design Form");
    expectStep(1, "Personal Information", 17);
    expect(screen.getByText("Fill out this section to continue")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Previous" })).toBeNull();

    next();
    expectStep(1, "Personal Information", 17);
    expect(alerts()).toEqual(["Full Name is required", "Email Address is required"]);
    expect(textbox("Full Name").getAttribute("aria-invalid")).toBe("true");
    // Focus goes to the first field with a message; the message describes the field.
    expect(document.activeElement).toBe(textbox("Full Name"));
    expect(textbox("Full Name").getAttribute("aria-describedby")).toBeTruthy();

    // A message follows the value: it changes, then goes.
    type("Email Address", "robin@");
    expect(alerts()).toEqual(["Full Name is required", "Please enter a valid email address"]);
    type("Full Name", "Robin");
    type("Email Address", "robin@example.com");
    expect(alerts()).toEqual([]);
    next();
    expectStep(2, "Location & Space Information", 33);
    expect(document.activeElement).toBe(screen.getByRole("heading", { level: 3 }));

    next();
    expect(alerts()).toEqual([
      "Where is your garden located? is required",
      "Length is required",
      "Width is required",
    ]);
    type("Zip Code", "12345-678");
    type("Where is your garden located?", "a");
    type("Length (feet)", "1e3");
    type("Width (feet)", "1000.01");
    next();
    expect(alerts()).toEqual([
      "Please enter a valid US zipcode (e.g., 10001 or 10001-1234)",
      "Where is your garden located? must be at least 2 characters",
      "Length must be a valid number",
      "Width must not exceed 1000 feet",
    ]);
    type("Length (feet)", "0.99");
    expect(alerts()).toContain("Length must be at least 1 foot");

    // Previous goes back without checking anything; the values stay.
    click("button", "Previous");
    expectStep(1, "Personal Information", 17);
    expect(textbox("Full Name").value).toBe("Robin");
    next();
    expect(textbox("Length (feet)").value).toBe("0.99");
  });

  it("shows the dimensions as they are typed", () => {
    render(<GardenDesignForm storeId="garden-studio" />);
    type("Full Name", "Robin");
    type("Email Address", "robin@example.com");
    next();
    const preview = () => screen.getByText("Preview:").parentElement?.textContent;
    expect(preview()).toBe("Preview: enter the length and width");
    type("Length (feet)", " 24 ");
    expect(preview()).toBe("Preview: 24 feet x ___ feet");
    type("Width (feet)", "12");
    expect(preview()).toBe("Preview: 24 feet x 12 feet");
  });

  it("needs sunlight and maintenance on step 3, a style and an 'other' description on step 4", () => {
    render(<GardenDesignForm storeId="garden-studio" />);
    type("Full Name", "Robin");
    type("Email Address", "robin@example.com");
    next();
    type("Where is your garden located?", "Backyard");
    type("Length (feet)", "10");
    type("Width (feet)", "10");
    next();
    next();
    expect(alerts()).toEqual(["Sunlight hours is required", "Maintenance level is required"]);
    expect(document.activeElement).toBe(
      screen.getByRole("radio", { name: "Full sun (6+ hours per day)" }),
    );
    click("radio", "Mostly shade (less than 3 hours)");
    click("radio", "High - Regular care and attention");
    next();
    expectStep(4, "Design Preferences", 67);

    next();
    expect(alerts()).toEqual(["Please select at least one garden style"]);
    click("checkbox", "Other");
    expect(alerts()).toEqual([]);
    next();
    expect(alerts()).toEqual(["Please describe your preferred style"]);
    type("Describe your preferred style", "ab");
    expect(alerts()).toEqual(["Description must be at least 3 characters"]);
    // Unticking 'Other' takes its description and message away.
    click("checkbox", "Other");
    expect(screen.queryByRole("textbox", { name: "Describe your preferred style" })).toBeNull();
    click("checkbox", "Other");
    type("Describe your preferred style", "Moss garden");
    click("radio", "Not sure");
    next();
    expectStep(5, "Color & Plant Preferences", 83);
    type("Plant preferences", "x".repeat(501));
    next();
    expect(alerts()).toEqual(["Plant preferences must not exceed 500 characters"]);
    type("Plant preferences", "x".repeat(500));
    next();
    expectStep(6, "Review & Submit", 100);
    expect(screen.getByText("Review and submit your design form")).toBeTruthy();
    const summary = screen.getByRole("heading", { name: "Form Summary" }).parentElement;
    if (!summary) throw new Error("no summary");
    expect(within(summary).getByText("Moss garden")).toBeTruthy();
    expect(within(summary).getByText("10 feet x 10 feet")).toBeTruthy();
    expect(within(summary).getByText("Not sure")).toBeTruthy();
    expect(within(summary).getAllByText("Not specified").length).toBe(3);
  });

  it("never submits on Enter before the last step", () => {
    const fetch = answer(201, {});
    vi.stubGlobal("fetch", fetch);
    const { container } = render(<GardenDesignForm storeId="garden-studio" />);
    type("Full Name", "Robin");
    type("Email Address", "robin@example.com");
    const form = container.querySelector("form");
    if (!form) throw new Error("no form");
    fireEvent.submit(form);
    expectStep(1, "Personal Information", 17);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Submit Design Form" })).toBeNull();
  });

  it("sends the request, shows the toast and the thank-you panel, and starts over on request", async () => {
    let resolve: (res: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal("fetch", fetch);
    render(<GardenDesignForm storeId="garden-studio" />);
    fillToReview();

    click("button", "Submit Design Form");
    const pending = screen.getByRole("button", {
      name: "Submitting Design...",
    }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/pbn/layouts");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({
      layoutData: {
        name: "Robin Meadow",
        email: "robin@example.com",
        zipCode: "",
        where: "Backyard",
        dimensions: "24 feet x 12.5 feet",
        length: "24",
        width: "12.5",
        sunlight_hours: "Part sun (3-6 hours)",
        maintenance_level: "Low - Minimal care required",
        garden_style: ["Clean and simple"],
        layout_shape: "",
        symmetry_preference: "",
        color_preferences: "Blues",
        plant_preferences: "",
      },
      store_id: "garden-studio",
    });

    await act(async () => resolve(new Response(JSON.stringify({ id: "1" }), { status: 201 })));
    const toast = screen.getByRole("status");
    expect(within(toast).getByText("Design Form Submitted!")).toBeTruthy();
    expect(
      within(toast).getByText(
        "Thank you for submitting your garden design preferences. We'll create a beautiful design just for you!",
      ),
    ).toBeTruthy();
    const thanks = screen.getByRole("heading", {
      name: "Thanks! Your design form has been submitted.",
    });
    expect(document.activeElement).toBe(thanks);
    expect(
      screen.getByText(
        "We'll review your preferences and get back to you soon with a personalized garden design.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next Step" })).toBeNull();

    // The toast closes when its 4 s timer bar has run out.
    const timer = toast.querySelector(".toast-timer") as HTMLElement;
    expect(timer.style.animationDuration).toBe("4000ms");
    fireEvent.animationEnd(timer);
    expect(screen.getByRole("status").textContent).toBe("");

    click("button", "Submit another response");
    expectStep(1, "Personal Information", 17);
    expect(textbox("Full Name").value).toBe("");
    expect(textbox("Email Address").value).toBe("");
    next();
    expect(alerts()).toEqual(["Full Name is required", "Email Address is required"]);
  });

  it("keeps every value and shows the failure toast when the request fails", async () => {
    vi.stubGlobal(
      "fetch",
      answer(400, { error: { code: "invalid", message: "store_id does not match this store" } }),
    );
    render(<GardenDesignForm storeId="" />);
    fillToReview();
    await act(async () => click("button", "Submit Design Form"));

    const toast = screen.getAllByRole("alert").find((a) => a.querySelector(".toast"));
    if (!toast) throw new Error("no toast");
    expect(within(toast).getByText("Submission Failed")).toBeTruthy();
    expect(
      within(toast).getByText("There was an error submitting your design form. Please try again."),
    ).toBeTruthy();
    expectStep(6, "Review & Submit", 100);
    expect(
      (screen.getByRole("button", { name: "Submit Design Form" }) as HTMLButtonElement).disabled,
    ).toBe(false);
    click("button", "Previous");
    expect(textbox("Color preferences").value).toBe("Blues");

    // The close button closes it at once.
    click("button", "Close notification");
    expect(screen.queryByText("Submission Failed")).toBeNull();
  });

  it("shows the failure toast when the store cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    render(<GardenDesignForm storeId="garden-studio" />);
    fillToReview();
    await act(async () => click("button", "Submit Design Form"));
    expect(screen.getByText("Submission Failed")).toBeTruthy();
  });
});
