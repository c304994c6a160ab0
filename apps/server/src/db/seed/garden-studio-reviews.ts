import type { DemoImage, DemoReview } from "@storefront/domain";

/** A client's photo of the garden the studio designed. */
export const gardenReviewImages: DemoImage[] = [
  {
    file: "review-front-border.jpg",
    kind: "scene",
    label: "A client's front border in its first June",
    primary: "#5b8c51",
    accent: "#cde4f0",
    width: 800,
    height: 600,
  },
];

/**
 * Reviews of the design studio's plans. The Seasonal Planting Plan has none, so the demo shows
 * the reviews widget's empty state too.
 */
export const gardenReviews: DemoReview[] = [
  {
    handle: "garden-design-consultation",
    rating: 5,
    title: "Our shady side yard is finally a garden",
    description:
      "We had given up on the strip beside the house. The Premium plan gave us a layered planting of ferns, hostas and hellebores, and a path we could build ourselves over two weekends.",
    name: "Eleanor Vance",
    email: "eleanor.vance@example.com",
    daysAgo: 12,
    photos: ["review-front-border.jpg"],
    helpful: 5,
    ownerResponse:
      "It looks beautiful, Eleanor. Thank you for sending us the photo! – Fernwood Garden Studio",
  },
  {
    handle: "garden-design-consultation",
    rating: 4,
    description:
      "Clear plan and a helpful plant list. The PDF arrived on day 9. I would have liked a few more evergreen options for winter interest.",
    name: "Marcus Hill",
    email: "marcus.hill@example.com",
    daysAgo: 47,
    helpful: 2,
  },
  {
    handle: "garden-design-consultation",
    rating: 5,
    description:
      "The video call alone was worth it. Our designer listened to what we wanted for the kids and the dog and it shows in the plan.",
    name: "Priscilla Okoro",
    email: "priscilla.okoro@example.com",
    daysAgo: 86,
  },
];
