import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { type StaticPageState, StaticPageView } from "./static-page";

function renderPage(state: StaticPageState) {
  return render(
    <MemoryRouter>
      <StaticPageView state={state} />
    </MemoryRouter>,
  );
}

describe("static page states", () => {
  it("shows 'Loading...' while the page loads", () => {
    renderPage({ status: "loading", name: "about" });
    expect(screen.getByText("Loading...")).toBeTruthy();
  });

  it("shows 'Error: {message}' when the page data fails to load", () => {
    renderPage({ status: "error", name: "about", message: "Failed to load page data" });
    expect(screen.getByText("Error: Failed to load page data")).toBeTruthy();
  });

  it("shows 'No content available (Page: {name})' for a page with nothing in it", () => {
    renderPage({ status: "ready", name: "empty-page", page: { backgroundColor: "#fff" } });
    expect(screen.getByText("No content available (Page: empty-page)")).toBeTruthy();
  });
});

describe("static page layout", () => {
  it("renders the title as HTML, the image and the text blocks in number order", () => {
    const { container } = renderPage({
      status: "ready",
      name: "about",
      page: {
        title: "About <em>us</em>",
        image: "/media/s/about.jpg",
        imageAlt: "Our shop",
        "text-10": "<p>third</p>",
        "text-2": "<p>second</p>",
        "text-1": "<p>first</p>",
      },
    });
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.innerHTML).toBe("About <em>us</em>");
    expect(screen.getByAltText("Our shop").getAttribute("src")).toBe("/media/s/about_728.webp");
    const blocks = [...container.querySelectorAll(".text-block")].map((b) => b.textContent);
    expect(blocks).toEqual(["first", "second", "third"]);
  });

  it("applies backgroundColor, textColor and textAlign, centring text by default", () => {
    const { container, rerender } = renderPage({
      status: "ready",
      name: "p",
      page: { title: "T", backgroundColor: "rgb(1, 2, 3)", textColor: "rgb(4, 5, 6)" },
    });
    const article = container.querySelector("article") as HTMLElement;
    expect(article.style.backgroundColor).toBe("rgb(1, 2, 3)");
    expect(article.style.color).toBe("rgb(4, 5, 6)");
    expect(article.style.textAlign).toBe("center");
    rerender(
      <MemoryRouter>
        <StaticPageView
          state={{ status: "ready", name: "p", page: { title: "T", textAlign: "left" } }}
        />
      </MemoryRouter>,
    );
    expect((container.querySelector("article") as HTMLElement).style.textAlign).toBe("left");
  });

  it("form one: image with content is a two-column row flipped by imgLeft; others are centred", () => {
    const { container } = renderPage({
      status: "ready",
      name: "p",
      page: {
        sections: [
          { title: "Left", image: "/a.jpg", content: "<p>A</p>", imgLeft: true },
          { title: "Right", image: "/b.jpg", content: "<p>B</p>" },
          {
            title: "Centred",
            subheading: "Sub",
            subheadingColor: "rgb(184, 52, 36)",
            button: "Shop",
            buttonLink: "/collections/all",
          },
          { title: "No link", button: "Orphan" },
        ],
      },
    });
    const sections = [...container.querySelectorAll("section")];
    expect(sections.map((s) => s.className)).toEqual([
      "section section-two-column",
      "section section-two-column",
      "section section-centered",
      "section section-centered",
    ]);
    expect(sections[0]?.hasAttribute("data-img-left")).toBe(true);
    expect(sections[1]?.hasAttribute("data-img-left")).toBe(false);
    expect(screen.getByRole("link", { name: "Shop" }).getAttribute("href")).toBe(
      "/collections/all",
    );
    expect(screen.getByText("Sub").style.color).toBe("rgb(184, 52, 36)");
    expect(screen.queryByText("Orphan")).toBeNull();
  });

  it("form two: keyed entries, with button-N only when buttonLink-N exists", () => {
    renderPage({
      status: "ready",
      name: "faq",
      page: {
        sections: {
          "title-1": "How long does shipping take?",
          "content-1": "<p>3-5 days.</p>",
          "subheading-1": "Shipping",
          "color-1": "rgb(0, 128, 0)",
          "button-1": "Never shown",
          "title-2": "Can I return it?",
          "content-2": "<p>Yes.</p>",
          "button-2": "Refund policy",
          "buttonLink-2": "/policies/refund-policy",
        },
      },
    });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["How long does shipping take?", "Can I return it?"]);
    expect(screen.getByText("Shipping").style.color).toBe("rgb(0, 128, 0)");
    expect(screen.queryByText("Never shown")).toBeNull();
    expect(screen.getByRole("link", { name: "Refund policy" }).getAttribute("href")).toBe(
      "/policies/refund-policy",
    );
  });
});

describe("page widgets", () => {
  const page = {
    title: "Home",
    sections: [{ title: "Before" }, { widget: "garden-design-form" as const }, { title: "After" }],
  };

  it("render what the route gives for a widget, where the page places it", () => {
    const { container } = render(
      <MemoryRouter>
        <StaticPageView
          state={{ status: "ready", name: "homepage", page }}
          widgets={{ "garden-design-form": <p>The wizard</p> }}
        />
      </MemoryRouter>,
    );
    const sections = [...container.querySelectorAll("section")].map((s) => s.textContent);
    expect(sections).toEqual(["Before", "The wizard", "After"]);
  });

  it("leave nothing where the route gives no such widget", () => {
    const { container } = renderPage({ status: "ready", name: "homepage", page });
    expect([...container.querySelectorAll("section")].map((s) => s.textContent)).toEqual([
      "Before",
      "After",
    ]);
  });
});
