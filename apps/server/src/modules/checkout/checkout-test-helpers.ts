import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { GOOD_CARD, NY_ADDRESS, PETS, quoteAddress } from "../../../test/fixtures.ts";
import { useTestApp } from "../../../test/helper.ts";
import { Visitor } from "../../../test/visitor.ts";
import { TestCardProcessor } from "../payments/test-processor.ts";

/** The checkout tests' app, paying through a test card processor, and their helpers. */
export function useCheckoutApp() {
  const processor = new TestCardProcessor();
  const t = useTestApp({}, { testProcessor: processor });

  const visitor = (host = PETS) => new Visitor(t.app, host);

  /** A visitor with these skus in the cart. */
  async function shopper(skus: Record<string, number>, host = PETS): Promise<Visitor> {
    const v = visitor(host);
    for (const [sku, quantity] of Object.entries(skus)) {
      const res = await v.post("/api/cart/items", { sku, quantity });
      expect(res.statusCode, res.body).toBe(200);
    }
    return v;
  }

  async function quote(v: Visitor, address = NY_ADDRESS, shippingOptionId?: string) {
    const res = await v.post("/api/checkout/quote", {
      address: quoteAddress(address),
      ...(shippingOptionId ? { shippingOptionId } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** Pays for the visitor's cart as the checkout page does: quote, then pay the quoted total. */
  async function pay(
    v: Visitor,
    options: { card?: typeof GOOD_CARD; key?: string; total?: number; email?: string } = {},
  ) {
    const q = await quote(v);
    return v.post(
      "/api/checkout",
      {
        email: options.email ?? "buyer@example.com",
        name: "Jamie Buyer",
        address: NY_ADDRESS,
        shippingOptionId: q.selectedShippingOption.id,
        expectedTotal: options.total ?? q.total,
        card: options.card ?? GOOD_CARD,
      },
      { "idempotency-key": options.key ?? randomUUID() },
    );
  }

  return { t, processor, visitor, shopper, quote, pay };
}
