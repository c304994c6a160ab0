import type { DemoImage, DemoReview } from "@storefront/domain";

/** Shoppers' review photos and profile pictures, drawn like every demo image. */
export const petReviewImages: DemoImage[] = [
  {
    file: "review-biscuit.jpg",
    kind: "dog",
    label: "Biscuit the golden retriever beside his bottle of Itchy Scratchy",
    primary: "#d9a441",
    accent: "#f3e6c9",
    width: 800,
    height: 600,
  },
  {
    file: "review-biscuit-2.jpg",
    kind: "dog",
    label: "Biscuit resting after a scratch-free night",
    primary: "#d9a441",
    accent: "#d6ecd2",
    width: 800,
    height: 600,
  },
  {
    file: "review-pepper.jpg",
    kind: "dog",
    label: "Pepper the terrier with her Itchy Scratchy drops",
    primary: "#5c4f44",
    accent: "#e6def7",
    width: 800,
    height: 600,
  },
  {
    file: "review-mochi.jpg",
    kind: "cat",
    label: "Mochi the grey cat relaxing during a thunderstorm",
    primary: "#9a9a9a",
    accent: "#dfe7f2",
    width: 800,
    height: 600,
  },
  {
    file: "review-luna.jpg",
    kind: "cat",
    label: "Luna the ginger cat waiting for dinner",
    primary: "#e07b24",
    accent: "#fde7c8",
    width: 800,
    height: 600,
  },
  {
    file: "review-rocky.jpg",
    kind: "dog",
    label: "Rocky, a senior labrador, on his bed with Ouchie",
    primary: "#8b5a2b",
    accent: "#dbe9f4",
    width: 800,
    height: 600,
  },
  {
    file: "avatar-maple.jpg",
    kind: "dog",
    label: "Maple",
    primary: "#b5651d",
    accent: "#fbe3d6",
    width: 200,
    height: 200,
  },
  {
    file: "avatar-whiskers.jpg",
    kind: "cat",
    label: "Whiskers",
    primary: "#6e6e6e",
    accent: "#e6f0e0",
    width: 200,
    height: 200,
  },
  {
    file: "avatar-juniper.jpg",
    kind: "dog",
    label: "Juniper",
    primary: "#f0e2c0",
    accent: "#cfe3d4",
    width: 200,
    height: 200,
  },
];

const THANKS = "Pawsome Herbals";

/**
 * Reviews of the pet store's products: Itchy Scratchy has more than one page (30), the others a
 * handful each; ratings from 1 to 5, some with photos, owner responses and helpful votes.
 */
export const petReviews: DemoReview[] = [
  // Itchy Scratchy: 30 reviews, so 'Show More Reviews' has a second page.
  {
    handle: "itchy-scratchy",
    rating: 5,
    title: "No more 3 a.m. scratching",
    description:
      "Biscuit used to wake us up every night chewing his paws. About two weeks into Itchy Scratchy the licking slowed right down, and by week four he was sleeping through. He takes it in his food without noticing.",
    name: "Hannah Okafor",
    email: "hannah.okafor@example.com",
    daysAgo: 3,
    photos: ["review-biscuit.jpg", "review-biscuit-2.jpg"],
    helpful: 14,
    ownerResponse: `Thank you, Hannah! Give Biscuit a scratch behind the ears from all of us. – ${THANKS}`,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    title: "Helped with spring allergies",
    description:
      "Our pug gets itchy every April. This took the edge off noticeably. Not a miracle, but far fewer red patches this year. Dropper is easy to use.",
    name: "Marcus Bell",
    email: "marcus.bell@example.com",
    daysAgo: 6,
    helpful: 5,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "Second bottle now. My cat's over-grooming patches have grown back in. I mix it with a little tuna water and she laps it up.",
    name: "Priya Raman",
    email: "priya.raman@example.com",
    daysAgo: 9,
    profileImage: "avatar-whiskers.jpg",
    helpful: 9,
  },
  {
    handle: "itchy-scratchy",
    rating: 2,
    title: "Didn't do much for us",
    description:
      "Gave it a full month for our shepherd mix and honestly saw little change. Maybe his itching is food related. Packaging and shipping were great though.",
    name: "Derek Lindqvist",
    email: "derek.lindqvist@example.com",
    daysAgo: 11,
    helpful: 3,
    ownerResponse: `Thank you for the honest feedback, Derek. Food sensitivities often need a diet change alongside herbs; we have emailed you a few ideas and would be glad to refund your bottle. – ${THANKS}`,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    title: "Pepper is a new dog",
    description:
      "Pepper had hot spots every summer. We started Itchy Scratchy in May and have not had a single one since. Smells herby, she doesn't care.",
    name: "Jasmine Ortiz",
    email: "jasmine.ortiz@example.com",
    daysAgo: 14,
    photos: ["review-pepper.jpg"],
    helpful: 11,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description: "Works. Simple as that. Our beagle stopped licking his belly raw.",
    name: "Tom Becker",
    email: "tom.becker@example.com",
    daysAgo: 17,
    helpful: 2,
  },
  {
    handle: "itchy-scratchy",
    rating: 3,
    title: "Some improvement",
    description:
      "Mild improvement in my cat's scratching, but she hates the dropper so we have to hide it in food, and she sometimes leaves the food. Will try one more bottle.",
    name: "Aiko Tanaka",
    email: "aiko.tanaka@example.com",
    daysAgo: 19,
    helpful: 4,
    ownerResponse: `Thanks, Aiko. Many cats take it better in a teaspoon of plain bone broth; start with half the dose and build up over a week. – ${THANKS}`,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    title: "Vet was impressed",
    description:
      "Our vet asked what we had changed because Maple's ear infections stopped coming back. We are now three months in and her coat is shiny too.",
    name: "Claire Dubois",
    email: "claire.dubois@example.com",
    daysAgo: 23,
    profileImage: "avatar-maple.jpg",
    helpful: 17,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    description:
      "Good product, took about three weeks to notice. I knocked off a star because the 2 oz bottle goes fast with a 90 lb dog. Buying the pack of two now.",
    name: "Samuel Adeyemi",
    email: "samuel.adeyemi@example.com",
    daysAgo: 26,
    helpful: 6,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "I was skeptical about herbal stuff, but the paw licking has mostly stopped. Alcohol free was important to me.",
    name: "Rachel Kim",
    email: "rachel.kim@example.com",
    daysAgo: 30,
    helpful: 1,
  },
  {
    handle: "itchy-scratchy",
    rating: 1,
    title: "Upset stomach",
    description:
      "Our dog had loose stools the first three days so we stopped. Maybe we gave too much too soon.",
    name: "Kevin Walsh",
    email: "kevin.walsh@example.com",
    daysAgo: 33,
    helpful: 2,
    ownerResponse: `We are sorry to hear that, Kevin. Starting with half the dose for the first week helps sensitive tummies. Please reach out to us for a full refund. – ${THANKS}`,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "Two cats, both itchy in the fall. Both are calmer skinned now. The customer service team answered my dosing question within an hour.",
    name: "Elena Petrova",
    email: "elena.petrova@example.com",
    daysAgo: 37,
    helpful: 3,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    title: "Good, but give it time",
    description:
      "Week one nothing, week two a little, week four clearly better. Be patient with it. Our frenchie's face folds are much less red.",
    name: "Jordan Miles",
    email: "jordan.miles@example.com",
    daysAgo: 41,
    helpful: 8,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "Third order. Our rescue came to us with terrible skin and this has been part of getting her comfortable. Highly recommend.",
    name: "Fatima Zahra",
    email: "fatima.zahra@example.com",
    daysAgo: 45,
    profileImage: "avatar-juniper.jpg",
    helpful: 5,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description: "My labradoodle's constant scratching is down to almost nothing. Thank you!",
    name: "Greg Novak",
    email: "greg.novak@example.com",
    daysAgo: 49,
  },
  {
    handle: "itchy-scratchy",
    rating: 3,
    description:
      "It seems to help a bit with my dog's itching but not with his ear gunk. Middle of the road for us.",
    name: "Lauren Pierce",
    email: "lauren.pierce@example.com",
    daysAgo: 54,
    helpful: 1,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    title: "Finally something gentle",
    description:
      "We tried two prescription options that made our old girl drowsy. This one doesn't, and the itching is under control.",
    name: "Beatriz Santos",
    email: "beatriz.santos@example.com",
    daysAgo: 58,
    helpful: 10,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    description:
      "Noticeable difference in coat shine and less scratching. Wish the dropper had clearer markings for 1.5 ml.",
    name: "Oliver Grant",
    email: "oliver.grant@example.com",
    daysAgo: 63,
    helpful: 2,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "Seasonal allergies used to mean a miserable month for our husky. This year was easy. Will keep it on hand every spring.",
    name: "Mei Lin",
    email: "mei.lin@example.com",
    daysAgo: 68,
    helpful: 4,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description: "Great for my itchy cat. She gets it in a lickable treat and doesn't even notice.",
    name: "Nora Fitzgerald",
    email: "nora.fitzgerald@example.com",
    daysAgo: 72,
  },
  {
    handle: "itchy-scratchy",
    rating: 2,
    description:
      "Our dog refuses food with it mixed in, so it's hard to judge. The smell is strong.",
    name: "Victor Hale",
    email: "victor.hale@example.com",
    daysAgo: 77,
    helpful: 1,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "Paw licking down, coat thicker, and one happy westie. We've told everyone at the dog park.",
    name: "Amelia Brooks",
    email: "amelia.brooks@example.com",
    daysAgo: 83,
    helpful: 3,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    description: "Works well alongside the fish oil our vet recommended. Fast shipping.",
    name: "Hassan Ali",
    email: "hassan.ali@example.com",
    daysAgo: 88,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "This is our fourth bottle. The difference when we ran out for a week was obvious, so it's staying.",
    name: "Sophie Laurent",
    email: "sophie.laurent@example.com",
    daysAgo: 94,
    helpful: 7,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description: "Gentle, effective, and my picky chihuahua takes it straight from the dropper.",
    name: "Carlos Mendez",
    email: "carlos.mendez@example.com",
    daysAgo: 101,
    helpful: 2,
  },
  {
    handle: "itchy-scratchy",
    rating: 4,
    description:
      "Good results on the itching. The bottle leaked a little in shipping but the team sent a replacement right away.",
    name: "Ingrid Johansson",
    email: "ingrid.johansson@example.com",
    daysAgo: 108,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description: "Our boxer's chin acne and itching cleared up. Very happy.",
    name: "Daniel Cohen",
    email: "daniel.cohen@example.com",
    daysAgo: 116,
    helpful: 1,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    description:
      "I like knowing exactly which herbs are in it. Our senior cat's flaky skin is much better.",
    name: "Ruth Abernathy",
    email: "ruth.abernathy@example.com",
    daysAgo: 124,
  },
  {
    handle: "itchy-scratchy",
    rating: 3,
    description:
      "Helped with the itching, but we also changed his food at the same time so I can't say which did it.",
    name: "Liam O'Connor",
    email: "liam.oconnor@example.com",
    daysAgo: 133,
  },
  {
    handle: "itchy-scratchy",
    rating: 5,
    title: "Our go-to every allergy season",
    description:
      "Third spring using it. We start two weeks before the pollen arrives and our retriever barely scratches all season.",
    name: "Grace Whitfield",
    email: "grace.whitfield@example.com",
    daysAgo: 142,
    helpful: 12,
  },

  // No More Drama
  {
    handle: "no-more-drama",
    rating: 5,
    title: "Fourth of July without hiding",
    description:
      "Our rescue used to spend every fireworks night shaking in the bathtub. We started No More Drama a few days before and she stayed on the couch with us.",
    name: "Megan Torres",
    email: "megan.torres@example.com",
    daysAgo: 5,
    helpful: 19,
    ownerResponse: `That is the best news, Megan. Thank you for sharing it! – ${THANKS}`,
  },
  {
    handle: "no-more-drama",
    rating: 5,
    description:
      "Mochi hides under the bed in every storm. With a dose an hour before the forecast she now naps on the windowsill through it.",
    name: "Kenji Watanabe",
    email: "kenji.watanabe@example.com",
    daysAgo: 12,
    photos: ["review-mochi.jpg"],
    helpful: 8,
  },
  {
    handle: "no-more-drama",
    rating: 4,
    description:
      "Helps with car rides. Not drowsy at all, just calmer. Still a bit of whining at the vet.",
    name: "Alyssa Grant",
    email: "alyssa.grant@example.com",
    daysAgo: 20,
    helpful: 3,
  },
  {
    handle: "no-more-drama",
    rating: 3,
    description:
      "Mild effect on separation anxiety. Works better for storms than for being left alone in our experience.",
    name: "Ben Foster",
    email: "ben.foster@example.com",
    daysAgo: 34,
    helpful: 6,
    ownerResponse: `Thanks, Ben. Separation anxiety often improves most when the drops are paired with short practice departures; we have a guide on our Resources page. – ${THANKS}`,
  },
  {
    handle: "no-more-drama",
    rating: 5,
    description: "Vet visit without muzzle drama for the first time. I'll take it!",
    name: "Chloe Martin",
    email: "chloe.martin@example.com",
    daysAgo: 51,
    profileImage: "avatar-maple.jpg",
    helpful: 2,
  },
  {
    handle: "no-more-drama",
    rating: 1,
    description: "No change at all for our very anxious border collie, unfortunately.",
    name: "Patrick Doyle",
    email: "patrick.doyle@example.com",
    daysAgo: 70,
    helpful: 4,
  },

  // Eat
  {
    handle: "eat",
    rating: 5,
    title: "Luna eats again",
    description:
      "After her dental surgery Luna would barely touch her bowl. A few days of Eat and she was back to shouting for dinner at 5 p.m. sharp.",
    name: "Isabel Romero",
    email: "isabel.romero@example.com",
    daysAgo: 8,
    photos: ["review-luna.jpg"],
    helpful: 7,
  },
  {
    handle: "eat",
    rating: 4,
    description:
      "Our picky senior dog is finishing his meals more often. Not every day, but most days.",
    name: "Walter Simmons",
    email: "walter.simmons@example.com",
    daysAgo: 27,
    helpful: 2,
  },
  {
    handle: "eat",
    rating: 5,
    description: "Helped our cat through a stressful move when she stopped eating. Thank you.",
    name: "Yasmin Haddad",
    email: "yasmin.haddad@example.com",
    daysAgo: 46,
  },
  {
    handle: "eat",
    rating: 2,
    description:
      "Didn't change much for our greyhound, who is just a fussy eater. Well made product though.",
    name: "Frank Morrison",
    email: "frank.morrison@example.com",
    daysAgo: 90,
    ownerResponse: `Thanks for trying it, Frank. Greyhounds can be famously particular; warming the food slightly sometimes helps more than anything we make. – ${THANKS}`,
  },

  // Can't Poo Poo
  {
    handle: "cant-poo-poo",
    rating: 5,
    description:
      "Our elderly cat struggled every few days. With a small daily dose she's regular and comfortable. Huge relief for both of us.",
    name: "Dorothy Evans",
    email: "dorothy.evans@example.com",
    daysAgo: 10,
    profileImage: "avatar-whiskers.jpg",
    helpful: 6,
  },
  {
    handle: "cant-poo-poo",
    rating: 4,
    description: "Works gently. Took a few days to kick in. Good with pumpkin in his food.",
    name: "Ethan Clarke",
    email: "ethan.clarke@example.com",
    daysAgo: 39,
    helpful: 1,
  },
  {
    handle: "cant-poo-poo",
    rating: 5,
    description: "Exactly what it says. Our pug is back on schedule.",
    name: "Olivia Reyes",
    email: "olivia.reyes@example.com",
    daysAgo: 66,
  },

  // Poo Poo Problems
  {
    handle: "poo-poo-problems",
    rating: 5,
    title: "Saved our road trip",
    description:
      "Our lab gets an upset tummy whenever we travel. Packed this for a two-week road trip and didn't have a single messy morning.",
    name: "Naomi Fischer",
    email: "naomi.fischer@example.com",
    daysAgo: 15,
    helpful: 9,
  },
  {
    handle: "poo-poo-problems",
    rating: 4,
    description: "Firmed things up within two days after a food switch went wrong.",
    name: "Robert Chen",
    email: "robert.chen@example.com",
    daysAgo: 44,
    helpful: 2,
  },
  {
    handle: "poo-poo-problems",
    rating: 3,
    description:
      "Helped somewhat. We ended up needing a vet visit for a parasite, so herbs alone weren't the answer for us.",
    name: "Julia Nowak",
    email: "julia.nowak@example.com",
    daysAgo: 81,
    helpful: 5,
    ownerResponse: `Thank you, Julia, and you did exactly the right thing: diarrhea that lasts more than a day or two always deserves a vet visit. – ${THANKS}`,
  },

  // Forever Young
  {
    handle: "forever-young",
    rating: 5,
    description:
      "Our 13-year-old terrier has more spring in her step and a shinier coat. We give it with breakfast every day.",
    name: "Margaret Hughes",
    email: "margaret.hughes@example.com",
    daysAgo: 4,
    profileImage: "avatar-juniper.jpg",
    helpful: 5,
  },
  {
    handle: "forever-young",
    rating: 4,
    description: "Nice daily tonic. Hard to measure, but both cats seem bright and content.",
    name: "Arjun Mehta",
    email: "arjun.mehta@example.com",
    daysAgo: 31,
  },
  {
    handle: "forever-young",
    rating: 5,
    description: "My vet was happy with my senior dog's bloodwork this year. Staying on it.",
    name: "Lucy Harper",
    email: "lucy.harper@example.com",
    daysAgo: 60,
    helpful: 3,
  },

  // Ouchie
  {
    handle: "ouchie",
    rating: 5,
    title: "Rocky takes the stairs again",
    description:
      "Rocky is 12 and was struggling with the stairs in the mornings. After three weeks on Ouchie he's climbing them on his own again. Made my day.",
    name: "Thomas Wright",
    email: "thomas.wright@example.com",
    daysAgo: 7,
    photos: ["review-rocky.jpg"],
    helpful: 22,
    ownerResponse: `Go Rocky! Thank you for the lovely photo, Thomas. – ${THANKS}`,
  },
  {
    handle: "ouchie",
    rating: 4,
    description:
      "Our shepherd is less stiff after long walks. We use it alongside her joint chews.",
    name: "Emily Sanders",
    email: "emily.sanders@example.com",
    daysAgo: 22,
    helpful: 4,
  },
  {
    handle: "ouchie",
    rating: 5,
    description: "Helped my arthritic cat jump back onto the sofa. Gentle on her stomach.",
    name: "Anna Kowalski",
    email: "anna.kowalski@example.com",
    daysAgo: 48,
    helpful: 6,
  },
  {
    handle: "ouchie",
    rating: 2,
    description:
      "Maybe a small difference. Our dog's hip dysplasia is quite advanced so I expected too much.",
    name: "Michael Brennan",
    email: "michael.brennan@example.com",
    daysAgo: 75,
    helpful: 3,
  },

  // Pee Pee Issues
  {
    handle: "pee-pee-issues",
    rating: 5,
    description:
      "Our cat had two urinary flare-ups last year. We added Pee Pee Issues with our vet's blessing and have had none since.",
    name: "Sarah Goldberg",
    email: "sarah.goldberg@example.com",
    daysAgo: 13,
    helpful: 8,
  },
  {
    handle: "pee-pee-issues",
    rating: 4,
    description: "Easy to give in wet food. Fewer accidents in the house with our older spaniel.",
    name: "Jacob Turner",
    email: "jacob.turner@example.com",
    daysAgo: 52,
    helpful: 1,
  },

  // Yucky Fungus
  {
    handle: "yucky-fungus",
    rating: 4,
    description:
      "Our basset hound's yeasty ears smell so much better. We use it with the ear cleaner our vet gave us.",
    name: "Laura Jensen",
    email: "laura.jensen@example.com",
    daysAgo: 18,
    helpful: 2,
  },
  {
    handle: "yucky-fungus",
    rating: 5,
    description:
      "Paw yeast cleared up after about a month. No more red-brown staining between her toes.",
    name: "Diego Alvarez",
    email: "diego.alvarez@example.com",
    daysAgo: 57,
    helpful: 4,
  },
];
