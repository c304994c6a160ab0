import { CHAT_GREETING, type ChatMessage } from "@storefront/domain";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const NOW = "2026-11-26T10:00:00.000Z";
const greeting: ChatMessage = {
  role: "bot",
  type: "GENERAL_INFORMATION",
  message: CHAT_GREETING,
  timestamp: NOW,
};

const CONFIG = {
  chatbotLogo: "/media/pet-remedies/logo.jpg",
  headerBackgroundColor: "#1b4332",
  headerTextColor: "#fefae0",
  botMessageColor: "#eeeeee",
  chatbotHeaderText: "Customer Support",
  quickActionMessages: [
    { id: "track-order", label: "Track my order", message: "Can you help me track my order?" },
  ],
};

/** Answers each URL as `routes` says (a function of the request's method and body). */
function serve(routes: Record<string, (init?: RequestInit) => { status: number; body: unknown }>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[url];
    if (!route) return new Response("{}", { status: 404 });
    const { status, body } = route(init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The panel, from a fresh module (the config is loaded once per page, as the spec says). */
async function show(onClose = () => {}) {
  const { default: ChatPanel } = await import("./chat-panel");
  const router = createMemoryRouter(
    [{ path: "/", element: <ChatPanel id="chat" open onClose={onClose} /> }],
    { initialEntries: ["/"] },
  );
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the chat panel", () => {
  it("shows the store's header, colours and quick actions, the conversation, and focuses the field", async () => {
    serve({
      "/data/layout/chatbot.json": () => ({ status: 200, body: CONFIG }),
      "/api/chat": () => ({ status: 200, body: { messages: [greeting] } }),
    });
    await show();
    const dialog = await screen.findByRole("dialog", { name: "Customer Support" });
    expect(dialog.getAttribute("aria-modal")).toBe("false");
    await waitFor(() =>
      expect(dialog.querySelector(".chat-header")?.getAttribute("style")).toContain(
        "background: rgb(27, 67, 50)",
      ),
    );
    expect(within(dialog).getByText(CHAT_GREETING).closest("li")?.getAttribute("style")).toContain(
      "rgb(238, 238, 238)",
    );
    expect(within(dialog).getByRole("button", { name: "Track my order" })).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole("textbox", { name: "Your message" }),
    );
  });

  it("uses the defaults, with the spec's warning, when the config cannot be loaded", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    serve({ "/api/chat": () => ({ status: 200, body: { messages: [greeting] } }) });
    await show();
    const dialog = await screen.findByRole("dialog", { name: "Customer Support" });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith("Failed to load chatbot config, using defaults"),
    );
    expect(dialog.querySelector(".chat-header")?.getAttribute("style")).toContain(
      "background: rgb(0, 0, 0)",
    );
  });

  it("sends a message, shows the recommended products with Quick shop, and announces the answer", async () => {
    const answer: ChatMessage = {
      role: "bot",
      type: "PRODUCT_RECOMMENDATION",
      message: "I'd suggest Itchy Scratchy:",
      timestamp: NOW,
      productHandle: "itchy-scratchy",
      products: [
        {
          id: "p1",
          handle: "itchy-scratchy",
          product_title: "Itchy Scratchy",
          currency: "usd",
          product_price: 3995,
          image_url: null,
          image_alt: "",
          in_stock: true,
          review_average: 0,
          review_count: 0,
        },
      ],
    };
    const fetch = serve({
      "/data/layout/chatbot.json": () => ({ status: 200, body: CONFIG }),
      "/api/chat": (init) =>
        init?.method === "POST"
          ? {
              status: 200,
              body: {
                messages: [
                  {
                    role: "user",
                    type: "GENERAL_INFORMATION",
                    message: "my dog scratches",
                    timestamp: NOW,
                  },
                  answer,
                ],
              },
            }
          : { status: 200, body: { messages: [greeting] } },
    });
    await show();
    const field = await screen.findByRole("textbox", { name: "Your message" });
    fireEvent.change(field, { target: { value: "my dog scratches" } });
    await act(async () => {
      fireEvent.submit(field.closest("form") as HTMLFormElement);
    });
    expect(
      await screen.findByText("I'd suggest Itchy Scratchy:", { selector: ".chat-text" }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Quick shop Itchy Scratchy" })).toBeTruthy();
    expect(screen.getByText("$39.95")).toBeTruthy();
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe("I'd suggest Itchy Scratchy:");
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ message: "my dog scratches" });
  });

  it("keeps what was typed and shows the server's message when sending fails", async () => {
    serve({
      "/data/layout/chatbot.json": () => ({ status: 200, body: CONFIG }),
      "/api/chat": (init) =>
        init?.method === "POST"
          ? {
              status: 429,
              body: {
                error: {
                  code: "rate_limited",
                  message: "Too many requests. Please try again after some time",
                },
              },
            }
          : { status: 200, body: { messages: [greeting] } },
    });
    await show();
    const field = (await screen.findByRole("textbox", {
      name: "Your message",
    })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: "hello" } });
    await act(async () => {
      fireEvent.submit(field.closest("form") as HTMLFormElement);
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many requests. Please try again after some time",
    );
    expect(field.value).toBe("hello");
    expect(screen.queryByText("hello", { selector: ".chat-text" })).toBeNull();
  });

  it("closes on Escape", async () => {
    serve({ "/api/chat": () => ({ status: 200, body: { messages: [greeting] } }) });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const onClose = vi.fn();
    await show(onClose);
    const dialog = await screen.findByRole("dialog", { name: "Customer Support" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
  });
});
