import { REVIEW_MESSAGES as M } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import {
  expectError,
  GOOD_CARD,
  HEMP,
  HEMP_STORE,
  NY_ADDRESS,
  outboxTo,
  PET_STORE,
  quoteAddress,
  signedInVisitor,
} from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { reviewsTestHelpers, serial } from "./reviews-test-helpers.ts";

describe("reviews API", () => {
  const t = useTestApp();
  const { visitor, product, list, submission } = reviewsTestHelpers(() => t);

  describe("Verified Buyer", () => {
    /** A guest's paid order of one unit of `sku`, and the review links its email carries. */
    async function guestOrder(sku: string) {
      const guest = visitor();
      expect((await guest.post("/api/cart/items", { sku, quantity: 1 })).statusCode).toBe(200);
      const quote = (await guest.post("/api/checkout/quote", { address: quoteAddress() })).json();
      const email = `guest-buyer-${Date.now()}-${serial}@example.com`;
      const paid = await guest.post(
        "/api/checkout",
        {
          email,
          name: "Guest Buyer",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": `guest-${Date.now()}-${serial}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      await t.app.background.idle();
      const [mail] = await outboxTo(t.database.db, email);
      const links = [
        ...(mail?.text ?? "").matchAll(/\/products\/([a-z0-9-]+)\?review=([^#\s]+)#reviews/g),
      ];
      return {
        guest,
        email,
        handle: paid.json().order.lines[0].handle as string,
        links: links.map((m) => ({ handle: m[1] ?? "", token: decodeURIComponent(m[2] ?? "") })),
      };
    }

    it("makes a guest's review written with the order email's link a Verified Buyer review, once per order and product", async () => {
      const order = await guestOrder("OUCHIE-1");
      expect(order.links.map((l) => l.handle)).toEqual([order.handle]);
      const token = order.links[0]?.token ?? "";
      const body = submission(order.handle, {
        reviewer_email: order.email,
        review_description: `Linked ${Date.now()}`,
        review_token: token,
      });
      const first = await order.guest.post("/reviews/addReview", body);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().review.verified).toBe(true);
      // The same review sent again is the same review, still verified.
      const again = await order.guest.post("/reviews/addReview", body);
      expect(again.statusCode).toBe(200);
      expect(again.json().review.verified).toBe(true);
      // The link is spent: a second review with it (another visitor, the link forwarded) is refused.
      const forwarded = await visitor().post(
        "/reviews/addReview",
        submission(order.handle, { review_description: "Forwarded link", review_token: token }),
      );
      expectError(forwarded, 409, "conflict", M.reviewLinkUsed);
      expect((await list(order.handle)).reviews.find((r) => r.verified)?.review_description).toBe(
        body.review_description,
      );
    });

    it("refuses a review link that is forged, for another product, or of another store (400), publishing nothing", async () => {
      const order = await guestOrder("PEEPEE-2");
      const before = (await list(order.handle)).summary.count;
      const token = order.links[0]?.token ?? "";
      const other = await product();
      const [orderPart] = token.split(".");
      for (const [handle, bad] of [
        [order.handle, `${orderPart}.${"A".repeat(43)}`],
        [order.handle, token.replace(/[0-9a-f]{8}-/, "00000000-")],
        [other.handle, token],
      ] as const) {
        const res = await visitor().post(
          "/reviews/addReview",
          submission(handle, { review_description: "Not mine", review_token: bad }),
        );
        expectError(res, 400, "invalid", M.reviewLinkInvalid);
      }
      const hempHandle = `links-${Date.now()}`;
      await product(HEMP_STORE, hempHandle);
      const hemp = await visitor(HEMP).post(
        "/reviews/addReview",
        submission(hempHandle, { review_description: "Wrong store", review_token: token }),
      );
      expectError(hemp, 400, "invalid", M.reviewLinkInvalid);
      expect((await list(order.handle)).summary.count).toBe(before);
    });

    it("marks verified only a review a signed-in buyer of the product wrote, never a typed email", async () => {
      const { v: buyer, user } = await signedInVisitor(t.app, t.database.db);
      expect(
        (await buyer.post("/api/cart/items", { sku: "FUNGUS-1", quantity: 1 })).statusCode,
      ).toBe(200);
      const address = quoteAddress();
      const quote = (await buyer.post("/api/checkout/quote", { address })).json();
      const paid = await buyer.post(
        "/api/checkout",
        {
          email: user.email,
          name: "Vera Buyer",
          address: NY_ADDRESS,
          shippingOptionId: "standard",
          expectedTotal: quote.total,
          card: GOOD_CARD,
        },
        { "idempotency-key": `verified-${Date.now()}-${serial}` },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const handle = paid.json().order.lines[0].handle;
      const text = `Verified by order ${Date.now()}`;
      const mine = await buyer.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: user.email, review_description: text }),
      );
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json().review.verified).toBe(true);
      // A guest who types the buyer's email is not the buyer.
      const typed = `Typed the buyer's email ${Date.now()}`;
      const impostor = await visitor().post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: user.email, review_description: typed }),
      );
      expect(impostor.statusCode, impostor.body).toBe(201);
      expect(impostor.json().review.verified).toBe(false);
      // A signed-in account that did not buy it is not verified either.
      const { v: stranger, user: strangerUser } = await signedInVisitor(t.app, t.database.db);
      const notBuyer = `Signed in, never bought ${Date.now()}`;
      await stranger.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(handle, { reviewer_email: strangerUser.email, review_description: notBuyer }),
      );
      // Another product the buyer did not buy stays unverified too.
      const unbought = await product();
      const elsewhere = `Other product ${Date.now()}`;
      await buyer.post(
        `/reviews/addReview?store_id=${PET_STORE}`,
        submission(unbought.handle, { reviewer_email: user.email, review_description: elsewhere }),
      );
      const page = await list(handle, "sort=latest");
      expect(page.reviews.find((r) => r.review_description === text)?.verified).toBe(true);
      expect(page.reviews.find((r) => r.review_description === typed)?.verified).toBe(false);
      expect(page.reviews.find((r) => r.review_description === notBuyer)?.verified).toBe(false);
      const notBought = await list(unbought.handle);
      expect(notBought.reviews.find((r) => r.review_description === elsewhere)?.verified).toBe(
        false,
      );
    });
  });
});
