import type { ReviewPage } from "@storefront/domain";
import { expect } from "vitest";
import { PET_STORE, PETS, signedInVisitor, visitorWithOwnIp } from "../../../test/fixtures.ts";
import type { TestApp } from "../../../test/helper.ts";
import type { Visitor } from "../../../test/visitor.ts";
import { products, reviews } from "../../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A counter that makes each product, review and submission of a test file its own. */
export let serial = 0;

interface Seeded {
  rating?: number;
  daysAgo?: number;
  helpful?: number;
  title?: string;
  description?: string;
  name?: string;
  photos?: number;
  hidden?: boolean;
  email?: string;
}

/**
 * The products, reviews and visitors the reviews tests share, on the test app `testApp()`
 * answers (the one the file's beforeAll made).
 */
export function reviewsTestHelpers(testApp: () => TestApp) {
  const visitor = (host = PETS) => visitorWithOwnIp(testApp().app, host);

  /** A published product of its own, so a test controls every review it has. */
  async function product(storeId = PET_STORE, handle?: string) {
    serial += 1;
    const [row] = await testApp()
      .database.db.insert(products)
      .values({
        storeId,
        handle: handle ?? `review-test-${serial}-${Math.random().toString(36).slice(2, 8)}`,
        title: `Review Test Product ${serial}`,
        descriptionHtml: "<p>For tests.</p>",
        metaDescription: "For tests.",
      })
      .returning();
    if (!row) throw new Error("no product");
    return row;
  }

  /** Reviews written straight into the database, dated `daysAgo` (default: in list order). */
  async function seed(p: { id: string; storeId: string }, specs: Seeded[]) {
    const now = Date.now();
    const rows = await testApp()
      .database.db.insert(reviews)
      .values(
        specs.map((s, i) => {
          serial += 1;
          return {
            storeId: p.storeId,
            productId: p.id,
            reviewId: `seed-${serial}`,
            rating: s.rating ?? 5,
            title: s.title ?? "",
            description: s.description ?? `Review number ${i + 1}`,
            reviewerName: s.name ?? `Reviewer ${i + 1}`,
            reviewerEmail: s.email ?? `reviewer.${serial}@example.com`,
            media: Array.from({ length: s.photos ?? 0 }, (_, k) => ({
              type: "image" as const,
              url: `/media/${p.storeId}/photo-${k}.jpg`,
              alt: `Photo ${k + 1}`,
            })),
            helpfulCount: s.helpful ?? 0,
            hidden: s.hidden ?? false,
            createdAt: new Date(now - (s.daysAgo ?? i) * DAY_MS),
          };
        }),
      )
      .returning();
    return rows;
  }

  async function list(handle: string, query = "", v: Visitor = visitor()): Promise<ReviewPage> {
    const res = await v.get(`/api/products/${handle}/reviews${query ? `?${query}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const descriptions = (page: ReviewPage) => page.reviews.map((r) => r.review_description);

  function submission(handle: string, change: Record<string, unknown> = {}) {
    serial += 1;
    return {
      handle,
      review_id: `${Date.now()}${serial}`,
      review_rating: 4,
      reviewer_name: "  Jane Doe  ",
      review_description: "Calm through the whole storm.",
      review_title: "",
      reviewer_email: "Jane.Doe@Example.com",
      ...change,
    };
  }

  async function admin(storeId = PET_STORE, host = PETS) {
    return (
      await signedInVisitor(
        testApp().app,
        testApp().database.db,
        { storeId, userType: "admin" },
        host,
      )
    ).v;
  }

  return { visitor, product, seed, list, descriptions, submission, admin };
}
