import {
  ACCOUNT_MESSAGES,
  CHAT_GREETING,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  TRADE_MESSAGES,
} from "@storefront/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DEMO,
  expectError,
  HEMP,
  outboxTo,
  PETS,
  placeOrder,
  signedInVisitor,
  signIn,
  uniqueEmail,
  visitorWithOwnIp,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { chatConversations, chatQuestions } from "../../db/schema.ts";

interface Message {
  role: "bot" | "user";
  type: string;
  message: string;
  timestamp: string;
  products?: { handle: string; product_title: string; currency: string; product_price: number }[];
  productHandle?: string;
  discountType?: string;
  messageId?: string;
  link?: { title: string; url: string };
  order?: { number: number; status: string; lines: { title: string; quantity: number }[] };
}

describe("chat API", () => {
  const t = useTestApp();

  const visitor = (host = PETS) => visitorWithOwnIp(t.app, host);

  /** Sends a message; answers the bot's replies (the messages after the visitor's own). */
  async function say(v: Visitor, message: string, messageId?: string): Promise<Message[]> {
    const res = await v.post("/api/chat", { message, ...(messageId ? { messageId } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const added: Message[] = res.json().messages;
    expect(added[0]?.role).toBe("user");
    return added.slice(1);
  }

  it("starts with the greeting, keeps the conversation over a reload, and starts over", async () => {
    const v = visitor();
    const first = await v.get("/api/chat");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.json().messages).toEqual([
      expect.objectContaining({ role: "bot", type: "GENERAL_INFORMATION", message: CHAT_GREETING }),
    ]);

    await say(v, "hello");
    const again = (await v.get("/api/chat")).json().messages as Message[];
    expect(again.map((m) => [m.role, m.message])).toEqual([
      ["bot", CHAT_GREETING],
      ["user", "hello"],
      ["bot", expect.any(String)],
    ]);
    for (const m of again) expect(new Date(m.timestamp).toISOString()).toBe(m.timestamp);

    const over = await v.delete("/api/chat");
    expect(over.json().messages.map((m: Message) => m.message)).toEqual([CHAT_GREETING]);
    expect((await v.get("/api/chat")).json().messages).toHaveLength(1);
    // The ended conversation is kept for the store's owner.
    const kept = await t.database.db.select().from(chatConversations);
    expect(kept.some((c) => c.endedAt !== null && c.messages.length === 3)).toBe(true);
  });

  it("keeps one conversation when the first two messages of a new one arrive at once", async () => {
    const v = visitor();
    await say(v, "hi");
    // Start over: the visit has no open conversation, and both messages would start it.
    expect((await v.delete("/api/chat")).statusCode).toBe(200);
    const sent = ["hello", "do you ship to canada?", "my dog keeps scratching", "any discounts?"];
    await Promise.all(sent.map((m) => say(v, m)));
    const messages = (await v.get("/api/chat")).json().messages as Message[];
    expect(
      messages
        .filter((m) => m.role === "user")
        .map((m) => m.message)
        .sort(),
    ).toEqual([...sent].sort());
    expect(messages.filter((m) => m.message === CHAT_GREETING)).toHaveLength(1);
  });

  describe("recommends the store's remedies for what the shopper describes", () => {
    it.each([
      ["my dog keeps scratching", "itchy-scratchy"],
      ["cat anxious during fireworks", "no-more-drama"],
      ["Which remedy would you recommend for an anxious dog or cat?", "no-more-drama"],
      ["my dog is limping", "ouchie"],
    ])("%s → %s", async (text, handle) => {
      const [answer] = await say(visitor(), text);
      expect(answer?.type).toBe("PRODUCT_RECOMMENDATION");
      expect(answer?.productHandle).toBe(handle);
      expect(answer?.products?.[0]?.handle).toBe(handle);
      expect(answer?.products?.length).toBeLessThanOrEqual(CHAT_LIMITS.products);
      expect(answer?.message).toContain(answer?.products?.[0]?.product_title);
    });

    it("prices them in the visitor's currency, and answers from the asking store only", async () => {
      const cad = visitorWithOwnIp(t.app, PETS, { cookie: "currency=cad" });
      const [answer] = await say(cad, "my dog keeps scratching");
      expect(answer?.products?.[0]?.currency).toBe("cad");
      const [hemp] = await say(visitor(HEMP), "my dog keeps scratching");
      for (const p of hemp?.products ?? []) expect(p.handle).not.toBe("itchy-scratchy");
    });
  });

  describe("order tracking", () => {
    it("asks for the number, then the email, and answers the order's real status and lines", async () => {
      const email = uniqueEmail("tracker");
      const number = await placeOrder(t.app, { "ITCHY-1": 2 }, email);
      const v = visitor();
      const [ask] = await say(v, "Track my order", "track-order");
      expect(ask?.type).toBe("ORDER_TRACKING");
      expect(ask?.message).toMatch(/order number/);
      const [askEmail] = await say(v, `#${number}`);
      expect(askEmail?.message).toContain(`#${number}`);
      const [found] = await say(v, email.toUpperCase());
      expect(found?.type).toBe("ORDER_TRACKING");
      expect(found?.order).toMatchObject({
        number,
        status: "paid",
        lines: [{ title: expect.stringContaining("Itchy Scratchy"), quantity: 2 }],
      });
      expect(found?.message).toContain("is paid");
      expect(found?.message).toContain("2 × Itchy Scratchy");

      // Number and email in one message work too.
      const [direct] = await say(visitor(), `where is my order ${number}? ${email}`);
      expect(direct?.order?.number).toBe(number);
    });

    it("never reveals an order without both its number and its email, nor another store's", async () => {
      const email = uniqueEmail("private");
      const number = await placeOrder(t.app, { "ITCHY-1": 1 }, email);
      const v = visitor();
      await say(v, "where is my order");
      await say(v, String(number));
      const [wrong] = await say(v, "someone.else@example.com");
      expect(wrong?.order).toBeUndefined();
      expect(wrong?.message).toMatch(/couldn't find an order/);
      expect(wrong?.message).not.toContain("Itchy");
      // From another store, the right number and email find nothing either.
      const [elsewhere] = await say(visitor(HEMP), `track order ${number} ${email}`);
      expect(elsewhere?.order).toBeUndefined();
      expect(elsewhere?.message).toMatch(/couldn't find an order/);
    });

    it("counts failed tries like sign-in: after 10 in 15 minutes, a 429", async () => {
      const v = visitor();
      for (let i = 0; i < 10; i += 1) {
        const [miss] = await say(v, `track order 99${i}01 guess${i}@example.com`);
        expect(miss?.message).toMatch(/couldn't find an order/);
      }
      const limited = await v.post("/api/chat", { message: "track order 1001 x@example.com" });
      expectError(limited, 429, "rate_limited", ACCOUNT_MESSAGES.tooManyRequests);
    });
  });

  describe("discounts", () => {
    it("tells a guest about free shipping in their currency and the store's public codes only", async () => {
      const answers = await say(visitor(), "Is there a discount code I can use right now?");
      expect(answers.map((a) => a.type)).toEqual(["DISCOUNT", "DISCOUNT"]);
      expect(answers[0]).toMatchObject({ discountType: "free_shipping" });
      expect(answers[0]?.message).toContain("$149.00");
      expect(answers[1]).toMatchObject({ discountType: "code" });
      expect(answers[1]?.message).toContain("SAVE10 for $10.00 off");
      expect(answers[1]?.message).not.toContain("WELCOME15");
      expect(answers[1]?.message).not.toContain("SPRING50");

      const cad = visitorWithOwnIp(t.app, PETS, { cookie: "currency=cad" });
      const inCad = await say(cad, "any discounts?");
      expect(inCad[0]?.message).toMatch(/US orders paid in US dollars/);
      expect(inCad[1]?.message).toContain("SAVE10 for CA$13.00 off");
      const hemp = await say(visitor(HEMP), "promo code?");
      expect(hemp[1]?.message).toContain("HEMP10 for 10% off (at most $15.00)");
    });

    it("tells a signed-in shopper their points and personal code", async () => {
      const v = visitor();
      expect((await signIn(v, DEMO.email, DEMO.password)).statusCode).toBe(200);
      const answers = await say(v, "how many points do I have?");
      expect(answers.find((a) => a.discountType === "points")?.message).toBe(
        "You have 120 points, worth $6.00 off your next order at checkout.",
      );
      expect(answers.find((a) => a.discountType === "personal_code")?.message).toContain(
        "RILEYPAWS",
      );
    });

    it("tells a trade account that its trade prices take no points or personal codes, and the least order", async () => {
      const { v } = await signedInVisitor(t.app, t.database.db, {
        userType: "wholesale",
        pointsBalance: 80,
      });
      const answers = await say(v, "any discounts for me?");
      expect(answers.find((a) => a.discountType === "points")?.message).toBe(
        `You see our trade prices. ${TRADE_MESSAGES.points} ${TRADE_MESSAGES.personalCode} Trade orders start at $250.00 before shipping and tax.`,
      );
      expect(answers.find((a) => a.discountType === "personal_code")).toBeUndefined();
    });
  });

  describe("general information from the store's pages", () => {
    it("answers shipping and returns with the relevant passages and links to the policies", async () => {
      const answers = await say(visitor(), "Shipping & returns", "shipping-returns");
      expect(answers.map((a) => a.type)).toEqual(["GENERAL_INFORMATION", "GENERAL_INFORMATION"]);
      expect(answers.map((a) => a.link?.url)).toEqual([
        "/policies/shipping-policy",
        "/policies/refund-policy",
      ]);
      for (const a of answers) {
        expect(a.message.length).toBeGreaterThan(30);
        expect(a.message.length).toBeLessThanOrEqual(CHAT_LIMITS.passage + 100);
        expect(a.message).not.toMatch(/<[a-z/]/i);
      }
    });

    it("finds the FAQ's answer to a question in its own words", async () => {
      const [answer] = await say(visitor(), "Are your remedies safe for cats?");
      expect(answer?.type).toBe("GENERAL_INFORMATION");
      expect(answer?.link?.url).toBe("/pages/faq");
      expect(answer?.message).toContain("alcohol-free");
      const [mixing] = await say(visitor(), "can I give more than one formula at a time?");
      expect(mixing?.message).toContain("combine two formulas");
      const [medication] = await say(visitor(), "is it safe with medication?");
      expect(medication?.message).toContain("check with your veterinarian");
    });

    it.each([
      ["do you ship to canada?", "/policies/shipping-policy", "Canada: Standard at CA$"],
      ["what ingredients are in no more drama", "/pages/no-more-drama-formula", "Chamomile"],
      ["do you sell wholesale", "/pages/wholesale", "trade price list"],
      ["how can I contact you", "/pages/contact", "Contact the Pawsome Herbals team"],
    ])("%s → %s", async (text, url, passage) => {
      const [answer] = await say(visitor(), text);
      expect(answer?.type).toBe("GENERAL_INFORMATION");
      expect(answer?.link?.url).toBe(url);
      expect(answer?.message).toContain(passage);
    });
  });

  describe("what it cannot answer", () => {
    it("says so, and passes the question to the store with the visitor's email, mailed to the owner", async () => {
      const v = visitor();
      const [offer] = await say(v, "Can I pay with a cheque from a Swiss bank?");
      expect(offer?.message).toMatch(/can't answer that/);
      const email = uniqueEmail("asker");
      const [done] = await say(v, `sure, it's ${email}`);
      expect(done?.message).toContain(`They will answer you at ${email}`);
      const [stored] = await t.database.db
        .select()
        .from(chatQuestions)
        .where(eq(chatQuestions.email, email));
      expect(stored?.question).toBe("Can I pay with a cheque from a Swiss bank?");
      await t.app.background.idle();
      const mail = await outboxTo(t.database.db, "owner@pawsome.test");
      const sent = mail.find((m) => m.text.includes("cheque from a Swiss bank"));
      expect(sent?.subject).toBe("A question from the Pawsome Herbals chat");
      expect(sent?.text).toContain(email);
    });

    it("passes nothing on when the visitor says no", async () => {
      const v = visitor();
      await say(v, "What is the airspeed of an unladen swallow?");
      const [no] = await say(v, "no thanks");
      expect(no?.message).toMatch(/won't pass it on/);
      const rows = await t.database.db.select().from(chatQuestions);
      expect(rows.some((r) => r.question.includes("swallow"))).toBe(false);
    });
  });

  it("shows what was typed as text: markup in a message is never HTML in an answer", async () => {
    const v = visitor();
    await say(v, "<img src=x onerror=alert(1)> my dog keeps scratching");
    const messages = (await v.get("/api/chat")).json().messages as Message[];
    expect(messages[1]?.message).toBe("<img src=x onerror=alert(1)> my dog keeps scratching");
    expect(messages[2]?.type).toBe("PRODUCT_RECOMMENDATION");
  });

  it("refuses an empty or over-long message and an unknown quick action with 400 and a message", async () => {
    const v = visitor();
    expectError(
      await v.post("/api/chat", { message: "   " }),
      400,
      "invalid",
      `message: ${CHAT_MESSAGES.empty}`,
    );
    expectError(
      await v.post("/api/chat", { message: "x".repeat(CHAT_LIMITS.message + 1) }),
      400,
      "invalid",
      `message: ${CHAT_MESSAGES.tooLong}`,
    );
    expectError(
      await v.post("/api/chat", { message: "hi", messageId: "not-ours" }),
      400,
      "invalid",
      CHAT_MESSAGES.quickAction,
    );
  });

  it("limits a visitor to 60 messages in 10 minutes", async () => {
    const v = visitor();
    for (let i = 0; i < 60; i += 1) {
      expect((await v.post("/api/chat", { message: "hello" })).statusCode).toBe(200);
    }
    expectError(
      await v.post("/api/chat", { message: "hello" }),
      429,
      "rate_limited",
      ACCOUNT_MESSAGES.tooManyRequests,
    );
  });

  describe("GET /api/admin/chats", () => {
    it("lists the store's conversations and passed questions to its admin, and no other store's", async () => {
      const v = visitor();
      await say(v, "my cat is anxious");
      await say(visitor(HEMP), "hemp for a dog");
      const { v: admin } = await signedInVisitor(t.app, t.database.db, { userType: "admin" });
      const res = await admin.get("/api/admin/chats?days=7");
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json();
      const texts = report.conversations.flatMap((c: { messages: Message[] }) =>
        c.messages.map((m) => m.message),
      );
      expect(texts).toContain("my cat is anxious");
      expect(texts).not.toContain("hemp for a dog");
      expect(report.questions.some((q: { question: string }) => q.question.includes("Swiss"))).toBe(
        true,
      );
    });

    it("refuses a visitor (401), a shopper (a missing route's 404) and bad days (400)", async () => {
      expect((await visitor().get("/api/admin/chats")).statusCode).toBe(401);
      const { v: shopper } = await signedInVisitor(t.app, t.database.db, {});
      expect((await shopper.get("/api/admin/chats")).statusCode).toBe(404);
      const { v: admin } = await signedInVisitor(t.app, t.database.db, { userType: "admin" });
      expect((await admin.get("/api/admin/chats?days=0")).statusCode).toBe(400);
    });
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await visitor().get("/api/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/chat"] ?? {}).sort()).toEqual(["delete", "get", "post"]);
    expect(doc.paths["/api/admin/chats"]?.get).toBeDefined();
  });

  // Late: it changes the FAQ the answers above quote.
  it("answers from the FAQ as its owner last saved it, from the next message on", async () => {
    const question = "do you gift wrap orders?";
    const before = await say(visitor(), question);
    expect(before.map((m) => m.message).join(" ")).not.toContain("handwritten card");

    const { v: admin } = await signedInVisitor(t.app, t.database.db, { userType: "admin" });
    const read = (await admin.get("/api/admin/pages/faq")).json();
    const saved = await admin.put("/api/admin/pages/faq", {
      document: {
        ...read.document,
        "text-1": `${read.document["text-1"]}<p>Gift wrap: every order can be gift wrapped, with a handwritten card.</p>`,
      },
      expectedUpdatedAt: read.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await expect
      .poll(async () => (await say(visitor(), question))[0]?.message)
      .toContain("gift wrapped, with a handwritten card");
    const [answer] = await say(visitor(), question);
    expect(answer?.link?.url).toBe("/pages/faq");
  });

  // Last: it forgets every conversation of this app's database.
  it("forgets conversations and passed questions after the store's retention days, with its visits", async () => {
    const v = visitor();
    await say(v, "Can you deliver by drone to the moon?");
    await say(v, "yes");
    const DAY = 86_400_000;
    const count = async () => ({
      conversations: (await t.database.db.select().from(chatConversations)).length,
      questions: (await t.database.db.select().from(chatQuestions)).length,
    });
    const before = await count();
    await t.app.jobs.runNow("analytics-retention", new Date(Date.now() + 179 * DAY));
    expect(await count()).toEqual(before);
    await t.app.jobs.runNow("analytics-retention", new Date(Date.now() + 181 * DAY));
    expect(await count()).toEqual({ conversations: 0, questions: 0 });
  });
});
