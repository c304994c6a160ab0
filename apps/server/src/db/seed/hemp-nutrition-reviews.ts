import type { DemoImage, DemoReview } from "@storefront/domain";

/** Shoppers' review photos and profile pictures, drawn like every demo image. */
export const hempReviewImages: DemoImage[] = [
  {
    file: "review-clover.jpg",
    kind: "dog",
    label: "Clover the collie showing off her glossy coat",
    primary: "#3d3128",
    accent: "#e4efd9",
    width: 800,
    height: 600,
  },
  {
    file: "avatar-saffron.jpg",
    kind: "cat",
    label: "Saffron",
    primary: "#e0a458",
    accent: "#f5e8d2",
    width: 200,
    height: 200,
  },
];

const THANKS = "Hemp & Hearth";

/** Reviews of the hemp store's products. */
export const hempReviews: DemoReview[] = [
  {
    handle: "hemp-seed-oil-for-pets",
    rating: 5,
    title: "Softest coat she's ever had",
    description:
      "Clover's coat was dull and flaky all winter. A few weeks of hemp seed oil on her kibble and people at the park ask what we feed her.",
    name: "Rebecca Lyons",
    email: "rebecca.lyons@example.com",
    daysAgo: 6,
    photos: ["review-clover.jpg"],
    helpful: 6,
    ownerResponse: `Clover looks wonderful, Rebecca. Thank you for the photo! – ${THANKS}`,
  },
  {
    handle: "hemp-seed-oil-for-pets",
    rating: 4,
    description:
      "Good quality oil with a nutty smell. Both cats like it. Remember to refrigerate it.",
    name: "Owen Parker",
    email: "owen.parker@example.com",
    daysAgo: 29,
    profileImage: "avatar-saffron.jpg",
    helpful: 2,
  },
  {
    handle: "hemp-seed-oil-for-pets",
    rating: 3,
    description: "Fine, but the bottle went a bit off before we finished it with one small dog.",
    name: "Tessa Moreau",
    email: "tessa.moreau@example.com",
    daysAgo: 64,
    ownerResponse: `Thank you, Tessa. For small pets our 2 oz size (coming soon) will stay fresher; until then, keep the bottle in the fridge door and use it within 3 months. – ${THANKS}`,
  },
  {
    handle: "calming-chews",
    rating: 5,
    description:
      "Our beagle loves these and they really help before grooming appointments. He thinks they're treats.",
    name: "Marta Silva",
    email: "marta.silva@example.com",
    daysAgo: 11,
    helpful: 4,
  },
  {
    handle: "calming-chews",
    rating: 4,
    description:
      "Take the edge off at bedtime for our anxious rescue. We give two on stormy nights.",
    name: "Jonah Feld",
    email: "jonah.feld@example.com",
    daysAgo: 40,
    helpful: 1,
  },
  {
    handle: "omega-blend",
    rating: 5,
    description:
      "Itchy skin improved within a month. Easy pump bottle, no fishy smell in the kitchen.",
    name: "Ava Lindgren",
    email: "ava.lindgren@example.com",
    daysAgo: 17,
    helpful: 3,
  },
  {
    handle: "omega-blend",
    rating: 2,
    description: "My cat refuses any food with it on. Can't rate the effect.",
    name: "Peter Quinn",
    email: "peter.quinn@example.com",
    daysAgo: 52,
  },
  {
    handle: "hip-and-joint",
    rating: 5,
    title: "Stiff mornings are gone",
    description:
      "Our 10-year-old lab is noticeably looser in the morning. We've stopped carrying her up the porch steps.",
    name: "Helen Carter",
    email: "helen.carter@example.com",
    daysAgo: 9,
    helpful: 8,
  },
  {
    handle: "hip-and-joint",
    rating: 4,
    description: "Good product; the turmeric stains a little so give it with food.",
    name: "Sam Whitaker",
    email: "sam.whitaker@example.com",
    daysAgo: 35,
  },
];
