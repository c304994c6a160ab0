import { ADMIN_CONTENT_MESSAGES as M } from "@storefront/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  HEMP,
  HEMP_STORE,
  PET_STORE,
  PETS,
  signedInAdmin,
  signedInVisitor,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { adminAudit } from "../../db/schema.ts";

describe("admin content API: pages, callout, chatbot", () => {
  const t = useTestApp();

  const admin = signedInAdmin(t);
  /** The page as a shopper's browser reads it. */
  const shopperPage = async (name: string, host = PETS) =>
    (await visitorWithOwnIp(t.app, host).get(`/data/master/${name}.json`)).json();

  it("lists the store's pages and reads one as stored, its figures' placeholders as written", async () => {
    const v = await admin();
    const list = (await v.get("/api/admin/pages")).json();
    const names = list.pages.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["homepage", "faq", "policies/shipping-policy"]));
    expect(list.pages.find((p: { name: string }) => p.name === "faq").title).toBeTruthy();
    const affiliate = (await v.get("/api/admin/pages/refer-friend-terms")).json();
    expect(JSON.stringify(affiliate.document)).toContain("{{affiliate.percentage}}");
    expect(affiliate.updatedAt).toEqual(expect.any(String));
    expect((await v.get("/api/admin/pages/no-such-page")).statusCode).toBe(404);
  });

  it("previews a draft sanitised as a save is, with figures filled in, and saves nothing", async () => {
    const v = await admin();
    const before = await shopperPage("faq");
    const res = await v.post("/api/admin/pages/preview", {
      document: {
        title: "Draft FAQ",
        "text-1":
          '<p onclick="steal()">Free over {{free_shipping_threshold}}</p><script>x()</script>',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json().document;
    expect(shown["text-1"]).toBe("<p>Free over $149</p>");
    expect(await shopperPage("faq")).toEqual(before);
  });

  it("saves the FAQ page sanitised, shoppers see it at once, and the save is audited", async () => {
    const v = await admin();
    const read = (await v.get("/api/admin/pages/faq")).json();
    const document = {
      ...read.document,
      title: "Questions, answered",
      "text-1": '<h2>Do you ship to Canada?</h2><p>Yes.</p><img src="x" onerror="alert(1)">',
    };
    const saved = await v.put("/api/admin/pages/faq", {
      document,
      expectedUpdatedAt: read.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().document["text-1"]).toBe(
      '<h2>Do you ship to Canada?</h2><p>Yes.</p><img src="x" />',
    );
    await expect.poll(async () => (await shopperPage("faq")).title).toBe("Questions, answered");
    const [line] = await t.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, "page.update"), eq(adminAudit.target, "page faq")));
    expect(line?.before).toMatchObject({ title: read.document.title });
    expect(line?.after).toMatchObject({ title: "Questions, answered" });

    // Another admin who read the page before this save is told, not overwritten unseen.
    const stale = await v.put("/api/admin/pages/faq", {
      document: { ...read.document, title: "Older edit" },
      expectedUpdatedAt: read.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(M.pageChanged(saved.json().updatedAt));
    expect((await shopperPage("faq")).title).toBe("Questions, answered");
  });

  it("creates a new page, and refuses bad names, bad shapes and a page too large", async () => {
    const v = await admin();
    const created = await v.put("/api/admin/pages/care-guide", {
      document: { title: "Care guide", "text-1": "<p>Brush weekly.</p>" },
      expectedUpdatedAt: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    await expect.poll(async () => (await shopperPage("care-guide")).title).toBe("Care guide");
    const again = await v.put("/api/admin/pages/care-guide", {
      document: { title: "Other" },
      expectedUpdatedAt: null,
    });
    expect(again.statusCode).toBe(409);
    for (const [path, body] of [
      ["/api/admin/pages/bad%20name", { document: {}, expectedUpdatedAt: null }],
      ["/api/admin/pages/faq", { document: { textAlign: "sideways" }, expectedUpdatedAt: null }],
      ["/api/admin/pages/faq", { document: { title: 5 }, expectedUpdatedAt: null }],
      [
        "/api/admin/pages/faq",
        { document: { "text-1": "x".repeat(200_001) }, expectedUpdatedAt: null },
      ],
      ["/api/admin/pages/faq", { document: {} }],
    ] as const) {
      const res = await v.put(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it("edits the callout above the header, which shoppers see at once, refusing a script link", async () => {
    const v = await admin();
    const read = (await v.get("/api/admin/callout")).json();
    expect(read.messages[0]).toMatchObject({ href: "store://hemp-nutrition/" });
    const refused = await v.put("/api/admin/callout", {
      messages: [{ label: "Click", href: "javascript:alert(1)" }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(M.href);
    const saved = await v.put("/api/admin/callout", {
      messages: [{ label: "Autumn sale: 20% off", href: "/collections/all" }, ...read.messages],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await visitorWithOwnIp(t.app, PETS).get("/api/store")).json().TopCallOutSection
            .messages[0],
      )
      .toMatchObject({ label: "Autumn sale: 20% off", href: "/collections/all" });
  });

  it("edits the chatbot's title, colours and quick replies, which the widget reads at once", async () => {
    const v = await admin();
    const read = (await v.get("/api/admin/chatbot")).json();
    const settings = {
      ...read,
      chatbotHeaderText: "Ask Willow",
      headerBackgroundColor: "#1a7f37",
      quickActionMessages: [{ id: "hours", label: "Opening hours", message: "When are you open?" }],
    };
    for (const [field, value, message] of [
      ["headerBackgroundColor", "url(javascript:x)", M.colour],
      ["chatbotHeaderText", "", M.headerText],
      ["chatbotLogo", "javascript:alert(1)", M.image],
    ] as const) {
      const res = await v.put("/api/admin/chatbot", { ...settings, [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const saved = await v.put("/api/admin/chatbot", settings);
    expect(saved.statusCode, saved.body).toBe(200);
    await expect
      .poll(async () =>
        (await visitorWithOwnIp(t.app, PETS).get("/data/layout/chatbot.json")).json(),
      )
      .toMatchObject({
        chatbotHeaderText: "Ask Willow",
        headerBackgroundColor: "#1a7f37",
        quickActionMessages: [{ id: "hours", label: "Opening hours" }],
      });
  });

  it("keeps each store's content its own: another store's admin edits only theirs; shoppers get the 404 of a missing route", async () => {
    const hemp = await admin(HEMP, HEMP_STORE);
    const saved = await hemp.put("/api/admin/pages/about", {
      document: { title: "About hemp" },
      expectedUpdatedAt: (await hemp.get("/api/admin/pages/about")).json().updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shopperPage("about")).title).not.toBe("About hemp");
    const shopper = (await signedInVisitor(t.app, t.database.db, { storeId: PET_STORE })).v;
    const visitor = visitorWithOwnIp(t.app, PETS);
    for (const [method, path, body] of [
      ["GET", "/api/admin/pages", undefined],
      ["GET", "/api/admin/pages/faq", undefined],
      ["PUT", "/api/admin/pages/faq", { document: { title: "Hacked" }, expectedUpdatedAt: null }],
      ["POST", "/api/admin/pages/preview", { document: {} }],
      ["PUT", "/api/admin/callout", { messages: [] }],
      ["PUT", "/api/admin/chatbot", {}],
    ] as const) {
      expect((await visitor.request(method, path, body)).statusCode, path).toBe(401);
      expect((await shopper.request(method, path, body)).statusCode, path).toBe(404);
    }
    expect((await shopperPage("faq")).title).not.toBe("Hacked");
  });
});
