import type { DemoStore, DemoSubscriptionPlan } from "@storefront/domain";
import { DEFAULT_THEME } from "@storefront/domain";
import { petReviewImages, petReviews } from "./pet-remedies-reviews.ts";
import { PET_CONDITION_SYNONYMS } from "./search-synonyms.ts";
import { CATS, conditionTag, DOGS } from "./tags.ts";

/**
 * The plans of the remedies given every day for months (skin, calm, ageing, joints, urinary
 * health): subscribe and save 10% monthly, or 5% every two months. Remedies for a passing
 * upset (appetite, constipation, diarrhea, fungus) are sold once.
 */
/** The affiliate programme's commission: the page quotes it and the demo affiliate earns it. */
const AFFILIATE_PERCENTAGE = 10;

const DAILY_REMEDY_PLANS: DemoSubscriptionPlan[] = [
  {
    code: "monthly",
    label: "Deliver every month",
    interval: "month",
    intervalCount: 1,
    discountPercentage: 10,
  },
  {
    code: "every-2-months",
    label: "Deliver every 2 months",
    interval: "month",
    intervalCount: 2,
    discountPercentage: 5,
  },
];

/**
 * The default demo store: herbal remedies for dogs and cats, one product per health condition.
 * Product images and the logo are file names from `images`; page documents, the press strip and
 * the chatbot config are served as stored, so they use the public `/media/pet-remedies/…` URL.
 */
export const petRemedies: DemoStore = {
  id: "pet-remedies",
  domains: ["pets.localhost"],
  brandName: "Pawsome Herbals",
  ownerEmail: "owner@pawsome.test",
  brandDescription:
    "Small-batch, alcohol-free herbal remedies for dogs and cats, blended from traditional Chinese and Western herbs to support everyday health.",
  logo: "logo.jpg",
  defaultCurrency: "usd",
  productTrust: [
    { text: "Free US shipping on orders of {{free_shipping_threshold}} or more", currency: "usd" },
    { text: "Ships to Canada from {{shipping.CA.standard}}", currency: "cad" },
    { text: "30-day happiness guarantee" },
    { text: "Orders placed by 1 pm Eastern ship the same day" },
  ],
  affiliatePercentage: AFFILIATE_PERCENTAGE,
  // Trade partners pay 40 % less, on orders of $250 / CA$340 or more before shipping and tax.
  tradeTerms: { percentOff: 40, minimumOrder: { usd: 25_000, cad: 34_000 } },
  searchSynonyms: PET_CONDITION_SYNONYMS,
  theme: DEFAULT_THEME,
  navbar: {
    menus: [
      {
        label: "Dogs",
        items: [
          {
            label: "All remedies for dogs",
            href: "/collections/liquid-dog-vitamins-supplements?pet=dog",
          },
          { label: "Allergies", href: "/products/itchy-scratchy" },
          { label: "Anxiety", href: "/products/no-more-drama" },
          { label: "Appetite", href: "/products/eat" },
          { label: "Constipation", href: "/products/cant-poo-poo" },
          { label: "Diarrhea", href: "/products/poo-poo-problems" },
          { label: "General Health", href: "/products/forever-young" },
          { label: "Pain", href: "/products/ouchie" },
          { label: "Urinary Tract & Stones", href: "/products/pee-pee-issues" },
          { label: "Yeast & Fungus", href: "/products/yucky-fungus" },
        ],
      },
      {
        label: "Cats",
        items: [
          {
            label: "All remedies for cats",
            href: "/collections/liquid-dog-vitamins-supplements?pet=cat",
          },
          { label: "Allergies", href: "/products/itchy-scratchy" },
          { label: "Anxiety", href: "/products/no-more-drama" },
          { label: "Appetite", href: "/products/eat" },
          { label: "Constipation", href: "/products/cant-poo-poo" },
          { label: "Diarrhea", href: "/products/poo-poo-problems" },
          { label: "General Health", href: "/products/forever-young" },
          { label: "Pain", href: "/products/ouchie" },
          { label: "Urinary Tract & Stones", href: "/products/pee-pee-issues" },
          { label: "Yeast & Fungus", href: "/products/yucky-fungus" },
        ],
      },
    ],
    links: [
      { label: "All Products", href: "/collections/liquid-dog-vitamins-supplements" },
      { label: "About", href: "/pages/about" },
      { label: "FAQ", href: "/pages/faq" },
      { label: "Contact", href: "/pages/contact" },
    ],
  },
  footer: {
    columns: [
      {
        title: "Shop",
        links: [
          { label: "All Products", href: "/collections/liquid-dog-vitamins-supplements" },
          { label: "Allergies", href: "/products/itchy-scratchy" },
          { label: "Anxiety", href: "/products/no-more-drama" },
          { label: "Pain", href: "/products/ouchie" },
          { label: "Wholesale", href: "/pages/wholesale" },
          { label: "Become an Affiliate", href: "/pages/refer-friend-terms" },
        ],
      },
      {
        title: "Learn",
        links: [
          { label: "About Us", href: "/pages/about" },
          {
            label: "Traditional Chinese Herbal Formulas",
            href: "/pages/traditional-chinese-herbal-formulas-for-dogs-and-cats",
          },
          { label: "Pet Health Consultation", href: "/pages/pet-health-consultation" },
          { label: "Resources", href: "/pages/resources" },
          { label: "FAQ", href: "/pages/faq" },
          { label: "Contact", href: "/pages/contact" },
        ],
      },
      {
        title: "Policies",
        links: [
          { label: "Privacy Policy", href: "/policies/privacy-policy" },
          { label: "Refund Policy", href: "/policies/refund-policy" },
          { label: "Shipping Policy", href: "/policies/shipping-policy" },
          { label: "Terms of Service", href: "/policies/terms-of-service" },
        ],
      },
    ],
    social: [
      {
        network: "instagram",
        label: "Pawsome Herbals on Instagram",
        href: "https://www.instagram.com/pawsomeherbals",
      },
      {
        network: "facebook",
        label: "Pawsome Herbals on Facebook",
        href: "https://www.facebook.com/pawsomeherbals",
      },
      {
        network: "youtube",
        label: "Pawsome Herbals on YouTube",
        href: "https://www.youtube.com/@pawsomeherbals",
      },
    ],
    storeLocator: {
      label: "Store Locator",
      href: "https://www.google.com/maps/search/holistic+pet+store",
    },
    note: "© {{year}} Pawsome Herbals. Made in small batches with love for dogs, cats and the people who care for them.",
  },
  globalStyles: { containerWidth: "1200px" },
  topCallOut: {
    messages: [
      { label: "Shop our sister hemp brand", href: "store://hemp-nutrition/" },
      { label: "FREE SHIPPING ON USA ORDERS $149+" },
    ],
  },
  pressStrip: {
    title: "As featured in",
    logos: [
      { name: "Tail Wag Weekly", image: "/media/pet-remedies/press-tail-wag-weekly.jpg" },
      { name: "The Holistic Paw", image: "/media/pet-remedies/press-holistic-paw.jpg" },
      { name: "Modern Mutt", image: "/media/pet-remedies/press-modern-mutt.jpg" },
      { name: "Whisker Journal", image: "/media/pet-remedies/press-whisker-journal.jpg" },
      { name: "Pet Wellness Today", image: "/media/pet-remedies/press-pet-wellness-today.jpg" },
    ],
  },
  images: [
    // Brand
    {
      file: "logo.jpg",
      kind: "logo",
      label: "Pawsome Herbals",
      primary: "#b83424",
      accent: "#fbf6ec",
      width: 600,
      height: 200,
    },
    // Products (two bottles each)
    {
      file: "itchy-scratchy-1.jpg",
      kind: "bottle",
      label: "Itchy Scratchy",
      primary: "#c0392b",
      accent: "#f5d6a0",
      width: 1200,
      height: 1200,
    },
    {
      file: "itchy-scratchy-2.jpg",
      kind: "bottle",
      label: "Itchy Scratchy",
      primary: "#f5d6a0",
      accent: "#c0392b",
      width: 1200,
      height: 1200,
    },
    {
      file: "no-more-drama-1.jpg",
      kind: "bottle",
      label: "No More Drama",
      primary: "#6c5b9e",
      accent: "#e6def7",
      width: 1200,
      height: 1200,
    },
    {
      file: "no-more-drama-2.jpg",
      kind: "bottle",
      label: "No More Drama",
      primary: "#e6def7",
      accent: "#6c5b9e",
      width: 1200,
      height: 1200,
    },
    {
      file: "eat-1.jpg",
      kind: "bottle",
      label: "Eat",
      primary: "#e07b24",
      accent: "#fde7c8",
      width: 1200,
      height: 1200,
    },
    {
      file: "eat-2.jpg",
      kind: "bottle",
      label: "Eat",
      primary: "#fde7c8",
      accent: "#e07b24",
      width: 1200,
      height: 1200,
    },
    {
      file: "cant-poo-poo-1.jpg",
      kind: "bottle",
      label: "Can't Poo Poo",
      primary: "#7a5230",
      accent: "#e9d8c4",
      width: 1200,
      height: 1200,
    },
    {
      file: "cant-poo-poo-2.jpg",
      kind: "bottle",
      label: "Can't Poo Poo",
      primary: "#e9d8c4",
      accent: "#7a5230",
      width: 1200,
      height: 1200,
    },
    {
      file: "poo-poo-problems-1.jpg",
      kind: "bottle",
      label: "Poo Poo Problems",
      primary: "#2e7d6b",
      accent: "#d3efe6",
      width: 1200,
      height: 1200,
    },
    {
      file: "poo-poo-problems-2.jpg",
      kind: "bottle",
      label: "Poo Poo Problems",
      primary: "#d3efe6",
      accent: "#2e7d6b",
      width: 1200,
      height: 1200,
    },
    {
      file: "calm-comfort-duo.jpg",
      kind: "bottle",
      label: "Calm & Comfort Duo",
      primary: "#8e6fb5",
      accent: "#f1e9fb",
      width: 1200,
      height: 1200,
    },
    {
      file: "complete-care-trio.jpg",
      kind: "bottle",
      label: "Complete Care Trio",
      primary: "#2e7d6b",
      accent: "#fff4cc",
      width: 1200,
      height: 1200,
    },
    {
      file: "forever-young-1.jpg",
      kind: "bottle",
      label: "Forever Young",
      primary: "#c9a227",
      accent: "#fff4cc",
      width: 1200,
      height: 1200,
    },
    {
      file: "forever-young-2.jpg",
      kind: "bottle",
      label: "Forever Young",
      primary: "#fff4cc",
      accent: "#c9a227",
      width: 1200,
      height: 1200,
    },
    {
      file: "ouchie-1.jpg",
      kind: "bottle",
      label: "Ouchie",
      primary: "#1f5f8b",
      accent: "#d6e8f5",
      width: 1200,
      height: 1200,
    },
    {
      file: "ouchie-2.jpg",
      kind: "bottle",
      label: "Ouchie",
      primary: "#d6e8f5",
      accent: "#1f5f8b",
      width: 1200,
      height: 1200,
    },
    {
      file: "pee-pee-issues-1.jpg",
      kind: "bottle",
      label: "Pee Pee Issues",
      primary: "#b0306f",
      accent: "#f8d9e8",
      width: 1200,
      height: 1200,
    },
    {
      file: "pee-pee-issues-2.jpg",
      kind: "bottle",
      label: "Pee Pee Issues",
      primary: "#f8d9e8",
      accent: "#b0306f",
      width: 1200,
      height: 1200,
    },
    {
      file: "yucky-fungus-1.jpg",
      kind: "bottle",
      label: "Yucky Fungus",
      primary: "#5b7f2a",
      accent: "#e4f0c8",
      width: 1200,
      height: 1200,
    },
    {
      file: "yucky-fungus-2.jpg",
      kind: "bottle",
      label: "Yucky Fungus",
      primary: "#e4f0c8",
      accent: "#5b7f2a",
      width: 1200,
      height: 1200,
    },
    // Press strip
    {
      file: "press-tail-wag-weekly.jpg",
      kind: "press",
      label: "Tail Wag Weekly",
      primary: "#6b6b6b",
      accent: "#f2f2f2",
      width: 360,
      height: 120,
    },
    {
      file: "press-holistic-paw.jpg",
      kind: "press",
      label: "The Holistic Paw",
      primary: "#5e5e5e",
      accent: "#efefef",
      width: 360,
      height: 120,
    },
    {
      file: "press-modern-mutt.jpg",
      kind: "press",
      label: "Modern Mutt",
      primary: "#707070",
      accent: "#f4f4f4",
      width: 360,
      height: 120,
    },
    {
      file: "press-whisker-journal.jpg",
      kind: "press",
      label: "Whisker Journal",
      primary: "#636363",
      accent: "#f0f0f0",
      width: 360,
      height: 120,
    },
    {
      file: "press-pet-wellness-today.jpg",
      kind: "press",
      label: "Pet Wellness Today",
      primary: "#686868",
      accent: "#f3f3f3",
      width: 360,
      height: 120,
    },
    // Pages
    {
      file: "hero-home.jpg",
      kind: "scene",
      label: "A dog and a cat resting in a sunny herb garden",
      primary: "#8fae6b",
      accent: "#f4d58d",
      width: 1600,
      height: 900,
    },
    {
      file: "home-herbs.jpg",
      kind: "scene",
      label: "Fresh herbs drying on a wooden table",
      primary: "#6f8f4e",
      accent: "#e9dcc0",
      width: 1200,
      height: 800,
    },
    {
      file: "home-dropper.jpg",
      kind: "scene",
      label: "A dropper of herbal remedy over a food bowl",
      primary: "#b83424",
      accent: "#fbf6ec",
      width: 1200,
      height: 800,
    },
    {
      file: "home-happy-pets.jpg",
      kind: "scene",
      label: "A happy senior dog and a cat on a porch",
      primary: "#d9a35b",
      accent: "#7c9a5c",
      width: 1200,
      height: 800,
    },
    {
      file: "about-farm.jpg",
      kind: "scene",
      label: "Rolling hills and the herb farm where our blends begin",
      primary: "#7fa05a",
      accent: "#f1e2b8",
      width: 1600,
      height: 900,
    },
    {
      file: "consultation.jpg",
      kind: "scene",
      label: "A quiet consultation room with a dog bed and herbs",
      primary: "#a7c4a0",
      accent: "#f6efe1",
      width: 1200,
      height: 800,
    },
    {
      file: "resources-pattern.jpg",
      kind: "pattern",
      label: "Botanical pattern of nettle and chamomile",
      primary: "#b83424",
      accent: "#f3e7d3",
      width: 1200,
      height: 800,
    },
    {
      file: "tcm-herbs-pattern.jpg",
      kind: "pattern",
      label: "Botanical pattern of astragalus, goji and poria",
      primary: "#8e2619",
      accent: "#f1e4cc",
      width: 1200,
      height: 800,
    },
    {
      file: "wholesale-shop.jpg",
      kind: "scene",
      label: "A neighbourhood pet store with shelves of remedies",
      primary: "#c98b4a",
      accent: "#f7ead6",
      width: 1200,
      height: 800,
    },
    ...petReviewImages,
  ],
  products: [
    {
      handle: "itchy-scratchy",
      tags: [DOGS, CATS, conditionTag("Allergies")],
      title: "Itchy Scratchy – Allergy Support for Dogs & Cats",
      metaDescription:
        "Alcohol-free herbal drops that support healthy skin, a glossy coat and seasonal comfort for itchy dogs and cats.",
      descriptionHtml:
        "<p>Pollen, dust and food sensitivities can leave pets licking their paws, chewing their coat and scratching through the night. <strong>Itchy Scratchy</strong> is an alcohol-free herbal blend that supports healthy skin, a glossy coat and a balanced response to everyday seasonal challenges.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Nettle leaf</strong> – a traditional spring tonic that supports seasonal comfort</li><li><strong>Burdock root</strong> – supports healthy skin from the inside out</li><li><strong>Baikal skullcap (Huang Qin)</strong> – a classic Chinese herb for heat in the skin</li><li><strong>Calendula</strong> – supports calm, comfortable skin</li><li><strong>Dandelion root</strong> – supports the liver's natural cleansing</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give twice daily, directly into the mouth or mixed into food. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. Most families notice a difference within two to three weeks. Please check with your veterinarian before use if your pet is pregnant, nursing or taking medication.</p>",
      images: ["itchy-scratchy-1.jpg", "itchy-scratchy-2.jpg"],
      variants: [
        {
          sku: "ITCHY-1",
          attributes: { "pack size": "1" },
          stock: 84,
          prices: { usd: 3995, cad: 5395 },
        },
        {
          sku: "ITCHY-2",
          // Trade partners buy the two-bottle pack at its own price, not the store's 40 % off.
          tradePrices: { usd: 3995, cad: 5395 },
          attributes: { "pack size": "2" },
          stock: 37,
          prices: { usd: 7195, cad: 9695 },
        },
      ],
      subscriptionPlans: DAILY_REMEDY_PLANS,
    },
    {
      handle: "no-more-drama",
      tags: [DOGS, CATS, conditionTag("Anxiety")],
      title: "No More Drama – Calm Support for Dogs & Cats",
      metaDescription:
        "A gentle herbal blend that supports calm, relaxed behaviour in dogs and cats during storms, travel, vet visits and time alone.",
      descriptionHtml:
        "<p>Thunderstorms, fireworks, car rides and time home alone can turn even the sweetest pet into a trembling, pacing mess. <strong>No More Drama</strong> is a soothing, non-drowsy herbal blend that supports a calm mind and relaxed body, so your companion can take life's little surprises in stride.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Chamomile</strong> – a time-honoured herb that supports relaxation</li><li><strong>Lemon balm</strong> – supports a settled mood and easy digestion</li><li><strong>Passionflower</strong> – supports restful calm without heavy sedation</li><li><strong>Milky oat tops</strong> – a nourishing tonic for the nervous system</li><li><strong>Jujube seed (Suan Zao Ren)</strong> – a classic Chinese herb that supports restful sleep</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give 30 to 60 minutes before a stressful event, or twice daily for ongoing support, up to three times a day. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. Pairs well with a quiet den, a favourite toy and plenty of patience.</p>",
      images: ["no-more-drama-1.jpg", "no-more-drama-2.jpg"],
      variants: [
        {
          sku: "DRAMA-1",
          attributes: { "pack size": "1" },
          stock: 112,
          prices: { usd: 4295, cad: 5795 },
        },
        {
          sku: "DRAMA-2",
          attributes: { "pack size": "2" },
          stock: 45,
          prices: { usd: 7695, cad: 10395 },
        },
      ],
      subscriptionPlans: DAILY_REMEDY_PLANS,
    },
    {
      handle: "eat",
      tags: [DOGS, CATS, conditionTag("Appetite")],
      title: "Eat – Appetite Support for Dogs & Cats",
      metaDescription:
        "Warming herbal drops that support a healthy appetite and comfortable digestion for picky eaters, senior pets and recovering cats.",
      descriptionHtml:
        "<p>Picky eaters, seniors and pets getting back on their feet after a change in routine sometimes need a little encouragement at the food bowl. <strong>Eat</strong> is a warming, tasty herbal blend that supports a healthy appetite and comfortable digestion, inspired by the classic Chinese approach of nourishing the stomach and spleen.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Hawthorn berry (Shan Zha)</strong> – traditionally used to support the digestion of rich meals</li><li><strong>Chinese yam (Shan Yao)</strong> – a gentle, nourishing food herb</li><li><strong>Tangerine peel (Chen Pi)</strong> – supports a comfortable, settled stomach</li><li><strong>Ginger root</strong> – a warming herb that supports interest in food</li><li><strong>Fennel seed</strong> – supports easy digestion and freshens breath</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give 15 minutes before meals, twice daily. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. If your pet has not eaten for more than 24 hours (cats) or 48 hours (dogs), please see your veterinarian first.</p>",
      images: ["eat-1.jpg", "eat-2.jpg"],
      variants: [
        {
          sku: "EAT-1",
          attributes: { "pack size": "1" },
          stock: 66,
          prices: { usd: 3495, cad: 4695 },
        },
        {
          sku: "EAT-2",
          attributes: { "pack size": "2" },
          stock: 24,
          prices: { usd: 6295, cad: 8495 },
        },
      ],
    },
    {
      handle: "cant-poo-poo",
      tags: [DOGS, CATS, conditionTag("Constipation")],
      title: "Can't Poo Poo – Constipation Support for Dogs & Cats",
      metaDescription:
        "Soothing herbal drops that support regular, comfortable bowel movements for dogs and cats who strain or go infrequently.",
      descriptionHtml:
        "<p>Straining in the yard, skipped days in the litter box and small, dry stools are no fun for anyone. <strong>Can't Poo Poo</strong> is a soothing herbal blend that supports regular, comfortable bowel movements and a well-moistened digestive tract, without harsh stimulant laxatives.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Hemp seed (Huo Ma Ren)</strong> – a classic Chinese herb that supports moist, easy stools</li><li><strong>Slippery elm bark</strong> – supports a soothed, comfortable gut lining</li><li><strong>Marshmallow root</strong> – a gentle, mucilaginous herb that supports hydration</li><li><strong>Dandelion root</strong> – supports healthy digestion and bile flow</li><li><strong>Fennel seed</strong> – supports comfort and eases gassiness</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give once or twice daily with food, and make sure plenty of fresh water is available. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. If your pet has not passed stool in 48 hours or seems to be in pain, please contact your veterinarian.</p>",
      images: ["cant-poo-poo-1.jpg", "cant-poo-poo-2.jpg"],
      variants: [
        {
          sku: "CANTPOO-1",
          attributes: { "pack size": "1" },
          stock: 58,
          prices: { usd: 3695, cad: 4995 },
        },
        {
          sku: "CANTPOO-2",
          attributes: { "pack size": "2" },
          stock: 19,
          prices: { usd: 6695, cad: 8995 },
        },
      ],
    },
    {
      handle: "poo-poo-problems",
      tags: [DOGS, CATS, conditionTag("Diarrhea")],
      title: "Poo Poo Problems – Digestive Support for Dogs & Cats",
      metaDescription:
        "A calming herbal blend that supports firm stools and a settled tummy for dogs and cats with loose stools or sensitive digestion.",
      descriptionHtml:
        "<p>A new food, a stolen snack or a stressful week can leave a sensitive tummy unsettled and stools loose. <strong>Poo Poo Problems</strong> is a calming herbal blend that supports firm, well-formed stools and a comfortable, balanced digestive system.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Poria (Fu Ling)</strong> – a gentle Chinese mushroom that supports healthy fluid balance</li><li><strong>White atractylodes (Bai Zhu)</strong> – a classic herb that supports the spleen and digestion</li><li><strong>Chinese yam (Shan Yao)</strong> – a nourishing food herb for sensitive stomachs</li><li><strong>Slippery elm bark</strong> – supports a soothed gut lining</li><li><strong>Chamomile</strong> – supports a relaxed, settled tummy</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give two to three times daily until stools are firm, then continue once daily for a few days. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. If loose stools last longer than 48 hours, contain blood, or come with vomiting or lethargy, please see your veterinarian.</p>",
      images: ["poo-poo-problems-1.jpg", "poo-poo-problems-2.jpg"],
      variants: [
        {
          sku: "POOPOO-1",
          attributes: { "pack size": "1" },
          stock: 73,
          prices: { usd: 3695, cad: 4995 },
        },
        {
          sku: "POOPOO-2",
          attributes: { "pack size": "2" },
          stock: 28,
          prices: { usd: 6695, cad: 8995 },
        },
      ],
    },
    {
      handle: "forever-young",
      tags: [DOGS, CATS, conditionTag("General Health")],
      title: "Forever Young – General Health Support for Dogs & Cats",
      metaDescription:
        "A daily herbal tonic that supports vitality, healthy immune function and graceful ageing for dogs and cats of every age.",
      descriptionHtml:
        "<p>Whether your companion is a bouncy youngster or a distinguished senior, good health is built one day at a time. <strong>Forever Young</strong> is our everyday herbal tonic that supports energy, healthy immune function and graceful ageing, drawing on herbs prized in Chinese tradition for building vitality.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Astragalus root (Huang Qi)</strong> – a renowned tonic that supports stamina and immune health</li><li><strong>Reishi mushroom (Ling Zhi)</strong> – supports resilience and a balanced stress response</li><li><strong>Goji berry (Gou Qi Zi)</strong> – a nourishing berry that supports healthy eyes</li><li><strong>Turmeric root</strong> – supports healthy joints and circulation</li><li><strong>Alfalfa leaf</strong> – a mineral-rich green food herb</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give once daily with a meal, every day. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. Forever Young pairs well with any of our other formulas and is a lovely way to support seniors through the changing seasons.</p>",
      images: ["forever-young-1.jpg", "forever-young-2.jpg"],
      variants: [
        {
          sku: "YOUNG-1",
          attributes: { "pack size": "1" },
          stock: 96,
          prices: { usd: 4495, cad: 6095 },
        },
        {
          sku: "YOUNG-2",
          attributes: { "pack size": "2" },
          stock: 41,
          prices: { usd: 8095, cad: 10895 },
        },
      ],
      subscriptionPlans: DAILY_REMEDY_PLANS,
    },
    {
      handle: "ouchie",
      tags: [DOGS, CATS, conditionTag("Pain")],
      title: "Ouchie – Comfort & Mobility Support for Dogs & Cats",
      metaDescription:
        "Herbal drops that support joint comfort, easy movement and healthy recovery after play for active and senior dogs and cats.",
      descriptionHtml:
        "<p>Stiff mornings, slow stairs and a reluctance to jump up on the sofa can mean your friend needs a little extra support. <strong>Ouchie</strong> is a warming herbal blend that supports joint comfort, healthy mobility and recovery after long walks and enthusiastic play.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Turmeric root</strong> – supports a healthy response to everyday wear and tear</li><li><strong>Boswellia</strong> – supports flexible, comfortable joints</li><li><strong>Corydalis (Yan Hu Suo)</strong> – a classic Chinese herb that supports comfort</li><li><strong>Yucca root</strong> – traditionally used to support active, ageing joints</li><li><strong>Ginger root</strong> – a warming herb that supports healthy circulation</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give twice daily with food. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. Please talk to your veterinarian before combining Ouchie with prescription pain medication, and see them promptly for sudden lameness or injury.</p>",
      images: ["ouchie-1.jpg", "ouchie-2.jpg"],
      variants: [
        {
          sku: "OUCHIE-1",
          attributes: { "pack size": "1" },
          stock: 52,
          prices: { usd: 4295, cad: 5795 },
        },
        {
          sku: "OUCHIE-2",
          attributes: { "pack size": "2" },
          stock: 0,
          prices: { usd: 7695, cad: 10395 },
        },
      ],
      subscriptionPlans: DAILY_REMEDY_PLANS,
    },
    {
      handle: "pee-pee-issues",
      tags: [DOGS, CATS, conditionTag("Urinary Tract & Stones")],
      title: "Pee Pee Issues – Urinary Tract Support for Dogs & Cats",
      metaDescription:
        "Herbal drops that support a healthy urinary tract, comfortable urination and bladder health for dogs and cats.",
      descriptionHtml:
        "<p>Frequent trips outside, accidents in the house and long visits to the litter box can be signs that the urinary tract needs attention. <strong>Pee Pee Issues</strong> is a soothing herbal blend that supports a healthy bladder and urinary tract, comfortable urination and healthy mineral balance in the urine.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Cranberry</strong> – supports a healthy bladder lining</li><li><strong>Marshmallow root</strong> – a soothing herb for the urinary tract</li><li><strong>Corn silk</strong> – traditionally used to support comfortable urination</li><li><strong>Plantain seed (Che Qian Zi)</strong> – a classic Chinese herb that supports healthy fluid flow</li><li><strong>Dandelion leaf</strong> – supports healthy kidney function</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give twice daily, and encourage plenty of fresh water or wet food. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. Straining without producing urine is an emergency, especially in male cats: please see your veterinarian right away. Use alongside, not instead of, the care your vet recommends for urinary stones.</p>",
      images: ["pee-pee-issues-1.jpg", "pee-pee-issues-2.jpg"],
      variants: [
        {
          sku: "PEEPEE-1",
          attributes: { "pack size": "1" },
          stock: 61,
          prices: { usd: 3995, cad: 5395 },
        },
        {
          sku: "PEEPEE-2",
          attributes: { "pack size": "2" },
          stock: 22,
          prices: { usd: 7195, cad: 9695 },
        },
      ],
      subscriptionPlans: DAILY_REMEDY_PLANS,
    },
    {
      handle: "yucky-fungus",
      tags: [DOGS, CATS, conditionTag("Yeast & Fungus")],
      title: "Yucky Fungus – Yeast & Fungus Support for Dogs & Cats",
      metaDescription:
        "Herbal drops that support healthy skin, clean ears and balanced skin flora for dogs and cats prone to yeasty smells and itchy paws.",
      descriptionHtml:
        "<p>A musty smell, red paws and waxy, itchy ears are classic signs that yeast is getting the upper hand. <strong>Yucky Fungus</strong> is a cleansing herbal blend that supports healthy skin, clean ears and a balanced population of the friendly organisms that live on your pet's skin.</p>" +
        "<p><strong>Key herbs</strong> in every 2 fl oz (60 ml) bottle:</p>" +
        "<ul><li><strong>Pau d'arco bark</strong> – a South American herb traditionally used for skin balance</li><li><strong>Oregon grape root</strong> – supports healthy skin and digestion</li><li><strong>Olive leaf</strong> – supports a healthy immune response</li><li><strong>Calendula</strong> – supports calm, comfortable skin</li><li><strong>Echinacea</strong> – supports the body's natural defences</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and give twice daily with food. Pets under 15 lb: 0.5 ml; 15–40 lb: 1 ml; 40–80 lb: 1.5 ml; over 80 lb: 2 ml. For best results, keep paws and ear folds clean and dry, and consider a lower-sugar diet. Please see your veterinarian if ears are painful or have a discharge.</p>",
      images: ["yucky-fungus-1.jpg", "yucky-fungus-2.jpg"],
      variants: [
        {
          sku: "FUNGUS-1",
          attributes: { "pack size": "1" },
          stock: 47,
          prices: { usd: 3795, cad: 5095 },
        },
        {
          sku: "FUNGUS-2",
          attributes: { "pack size": "2" },
          stock: 12,
          prices: { usd: 6795, cad: 9195 },
        },
      ],
    },
    {
      handle: "calm-comfort-duo",
      // For both pets; not filed under one condition, as it serves three.
      tags: [DOGS, CATS],
      title: "Calm & Comfort Duo – Any 2 Remedies for Calm, Comfort or Vitality",
      metaDescription:
        "Choose any two of No More Drama, Ouchie and Forever Young for calm, comfortable and lively dogs and cats, and save on the pair.",
      descriptionHtml:
        "<p>Stormy evenings, stiff mornings and the slow years often come together. The <strong>Calm &amp; Comfort Duo</strong> lets you pick any two bottles of our calm, comfort and vitality remedies, two of the same or one of each, for less than buying them one by one.</p>" +
        "<ul><li><strong>No More Drama</strong> – calm support for storms, travel and time alone</li><li><strong>Ouchie</strong> – comfort and mobility support for active and senior pets</li><li><strong>Forever Young</strong> – daily vitality support for the golden years</li></ul>",
      images: ["calm-comfort-duo.jpg"],
      variants: [
        {
          sku: "CALM-DUO",
          attributes: {},
          // Its stock is what its choices' stock can fill.
          stock: 0,
          prices: { usd: 7495, cad: 10095 },
        },
      ],
      bundle: { slots: 2, choices: ["DRAMA-1", "OUCHIE-1", "YOUNG-1"] },
    },
    {
      handle: "complete-care-trio",
      tags: [DOGS, CATS],
      title: "Complete Care Trio – Any 3 Remedies for Dogs & Cats",
      metaDescription:
        "Build your own set of three Pawsome Herbals remedies, any condition and any mix, and save on all three bottles.",
      descriptionHtml:
        "<p>Every pet is different, and so is every medicine cabinet. The <strong>Complete Care Trio</strong> lets you choose any three of our single-bottle remedies, for the same concern or three different ones, at a price below buying them separately.</p>",
      images: ["complete-care-trio.jpg"],
      variants: [
        {
          sku: "CARE-TRIO",
          attributes: {},
          stock: 0,
          prices: { usd: 9495, cad: 12795 },
        },
      ],
      bundle: {
        slots: 3,
        choices: [
          "ITCHY-1",
          "DRAMA-1",
          "EAT-1",
          "CANTPOO-1",
          "POOPOO-1",
          "YOUNG-1",
          "OUCHIE-1",
          "PEEPEE-1",
          "FUNGUS-1",
        ],
      },
    },
  ],
  collections: [
    {
      handle: "liquid-dog-vitamins-supplements",
      title: "All Products",
      description:
        "Our complete range of alcohol-free liquid herbal remedies for dogs and cats, one gentle formula for each everyday health concern.",
      productHandles: [
        "itchy-scratchy",
        "no-more-drama",
        "eat",
        "cant-poo-poo",
        "poo-poo-problems",
        "forever-young",
        "ouchie",
        "pee-pee-issues",
        "yucky-fungus",
        "calm-comfort-duo",
        "complete-care-trio",
      ],
    },
  ],
  pages: {
    homepage: {
      title: "Gentle Herbal Remedies for Dogs & Cats",
      metaDescription:
        "Pawsome Herbals makes alcohol-free herbal remedies for dogs and cats, one gentle formula for each everyday health concern.",
      image: "/media/pet-remedies/hero-home.jpg",
      imageAlt: "A dog and a cat resting in a sunny herb garden",
      "text-1":
        "<p>Every pet deserves to feel their best. Our small-batch liquid remedies bring together time-tested traditional Chinese formulas and beloved Western herbs, so you can support your companion's health naturally, from itchy skin and nervous tummies to stiff, senior joints.</p><p><strong>Free shipping on USA orders $149+.</strong></p>",
      sections: [
        // The store's products first, under the heading the page gives them: a shopper on a
        // phone sees them within two screens.
        { widget: "products", title: "Shop by condition" },
        {
          title: "Rooted in tradition",
          subheading: "Classic formulas, modern care",
          subheadingColor: "#8e2619",
          image: "/media/pet-remedies/home-herbs.jpg",
          imageAlt: "Fresh herbs drying on a wooden table",
          content:
            "<p>Many of our blends are inspired by Chinese herbal formulas that have been refined over centuries. We pair them with gentle Western herbs like chamomile and calendula, and adapt every recipe for the needs of dogs and cats.</p>",
          imgLeft: true,
        },
        {
          title: "Easy to give",
          subheading: "Just a few drops a day",
          image: "/media/pet-remedies/home-dropper.jpg",
          imageAlt: "A dropper of herbal remedy over a food bowl",
          content:
            "<p>Our remedies are alcohol-free glycerites with a mild, slightly sweet taste. Add them to food, a favourite treat or give them straight from the dropper. Each 2 fl oz bottle lasts a medium-sized dog about a month.</p>",
          imgLeft: false,
        },
        {
          title: "Loved by pets and their people",
          subheading: "Thousands of happy tails",
          image: "/media/pet-remedies/home-happy-pets.jpg",
          imageAlt: "A happy senior dog and a cat on a porch",
          content:
            '<p>From anxious rescue pups to fussy senior cats, families across North America trust us to support their companions through every stage of life. Not sure where to start? <a href="/pages/pet-health-consultation">Book a pet health consultation</a>.</p>',
          imgLeft: true,
        },
        {
          title: "Find the right formula",
          content:
            "<p>Nine gentle formulas, one for each everyday concern. Browse the full range and find the right fit for your dog or cat.</p>",
          button: "Shop All Products",
          buttonLink: "/collections/liquid-dog-vitamins-supplements",
        },
      ],
    },
    about: {
      title: "About Pawsome Herbals",
      metaDescription:
        "Meet the small team behind Pawsome Herbals and learn how we blend traditional herbal wisdom with modern care for pets.",
      image: "/media/pet-remedies/about-farm.jpg",
      imageAlt: "Rolling hills and the herb farm where our blends begin",
      "text-1":
        "<p>Pawsome Herbals began at a kitchen table in 2014, when our founder, a veterinary technician and lifelong herbalist, started blending remedies for her own itchy, anxious rescue dog, Biscuit. Friends asked for bottles, then their friends did, and a small family business was born.</p>",
      "text-2":
        "<p>Today we are a team of twelve pet lovers, herbalists and one very opinionated office cat. We source organic and wildcrafted herbs from growers we know by name, test every batch for identity and purity, and bottle everything by hand in small runs so it is always fresh.</p>",
      "text-3":
        "<p>We believe herbs work best as part of a whole-pet approach: good food, plenty of play, a loving home and a trusted veterinarian. Our remedies are designed to <strong>support</strong> that care, never to replace it.</p>",
    },
    "pet-health-consultation": {
      title: "Pet Health Consultation",
      metaDescription:
        "Book a one-to-one pet health consultation with our herbal team to find the right formulas for your dog or cat.",
      image: "/media/pet-remedies/consultation.jpg",
      imageAlt: "A quiet consultation room with a dog bed and herbs",
      "text-1":
        "<p>Not sure which formula is right for your companion? Our herbal team offers free 20-minute consultations by phone or video. We will ask about your pet's age, diet, history and current care, and suggest a simple plan that fits your household.</p>",
      "text-2":
        "<p><strong>What to have ready:</strong></p><ul><li>Your pet's age, weight and breed</li><li>Current food, treats and any supplements</li><li>Medications and recent veterinary findings</li><li>What you have noticed and when it started</li></ul>",
      "text-3":
        '<p>Consultations are educational and do not replace a veterinary examination. To book, <a href="/pages/contact">contact us</a> with a few times that suit you.</p>',
    },
    resources: {
      title: "Resources",
      metaDescription:
        "Guides, articles and tips from Pawsome Herbals on using herbs safely with dogs and cats and supporting their everyday health.",
      image: "/media/pet-remedies/resources-pattern.jpg",
      imageAlt: "Botanical pattern of nettle and chamomile",
      "text-1":
        "<p>We love helping pet parents learn. Here are a few of our most popular guides to get you started.</p>",
      sections: [
        {
          title: "Choosing the right formula",
          content:
            '<p>Start with the concern that bothers your pet most. Our <a href="/collections/liquid-dog-vitamins-supplements">All Products</a> page lists each formula by condition, and the formula pages explain the herbs inside.</p>',
        },
        {
          title: "Traditional Chinese herbs for pets",
          content:
            '<p>Curious about the thinking behind our blends? Read our introduction to <a href="/pages/traditional-chinese-herbal-formulas-for-dogs-and-cats">traditional Chinese herbal formulas for dogs and cats</a>.</p>',
        },
        {
          title: "Giving drops to a cat",
          content:
            "<p>Mix the dose into a spoonful of wet food or a lickable treat. Most cats accept our mild glycerites happily. Never force a dropper deep into the mouth; a drop on the lips or paw works too.</p>",
        },
        {
          title: "When to see your veterinarian",
          content:
            "<p>Herbs support everyday wellbeing, but some signs need a vet right away: straining to urinate, not eating for more than a day, repeated vomiting, blood in the stool or sudden lameness.</p>",
        },
      ],
    },
    contact: {
      title: "Contact Us",
      metaDescription:
        "Questions about an order or which remedy suits your pet? Contact the Pawsome Herbals team by email or phone.",
      "text-1":
        "<p>We are real people who love talking about pets. Reach out with questions about your order, our formulas or which remedy might suit your companion.</p>",
      "text-2":
        '<p><strong>Email:</strong> <a href="mailto:hello@pawsomeherbals.com">hello@pawsomeherbals.com</a>. We reply within one business day.</p><p><strong>Phone:</strong> 1-800-555-0142, Monday to Friday, 9 am to 5 pm Eastern.</p>',
      "text-3":
        '<p><strong>Mailing address:</strong> Pawsome Herbals, 1420 Cedar Lane, Suite 3, Asheville, NC 28801, USA</p><p>For shop and clinic partnerships, please see our <a href="/pages/wholesale">wholesale page</a>.</p>',
    },
    faq: {
      title: "Frequently Asked Questions",
      metaDescription:
        "Answers to common questions about Pawsome Herbals remedies: dosing, safety, cats, shipping, returns and combining formulas.",
      sections: {
        "title-1": "Are your remedies safe for cats?",
        "content-1":
          "<p>Yes. Every formula is alcohol-free and made only with herbs suitable for both dogs and cats. Follow the dose for your pet's weight on the product page.</p>",
        "title-2": "How long does one bottle last?",
        "subheading-2": "Depends on your pet's size",
        "color-2": "#8e2619",
        "content-2":
          "<p>A 2 fl oz (60 ml) bottle lasts a 15–40 lb pet about a month at the usual twice-daily dose, and much longer for cats and small dogs.</p>",
        "title-3": "How soon will I see a difference?",
        "content-3":
          "<p>Some formulas, like No More Drama, can help within an hour. Others, like Itchy Scratchy and Forever Young, usually take two to four weeks of daily use.</p>",
        "title-4": "Can I give more than one formula at a time?",
        "content-4":
          "<p>Yes, most families combine two formulas without any problem. Space them a few minutes apart, or mix them into the same meal.</p>",
        "title-5": "Can I use your remedies with my pet's medication?",
        "content-5":
          "<p>Please check with your veterinarian first. Herbs are gentle, but they can interact with some medications.</p>",
        "title-6": "Do you ship to Canada?",
        "content-6":
          '<p>We do! Prices can be shown in CAD, and Standard delivery takes {{shipping.CA.standard.estimate}}. See our <a href="/policies/shipping-policy">shipping policy</a> for details.</p>',
        "title-7": "What if my pet will not take it?",
        "content-7":
          '<p>Try mixing the dose into wet food, plain yoghurt or a lickable treat. If it still does not work out, our <a href="/policies/refund-policy">30-day guarantee</a> has you covered.</p>',
      },
    },
    "refer-friend-terms": {
      title: "Become an Affiliate",
      metaDescription:
        "Terms of the Pawsome Herbals affiliate and refer-a-friend programme: how commissions, discount codes and payouts work.",
      textAlign: "left",
      "text-1":
        "<p>Love our remedies? Share them with friends, followers and clients and earn a commission on every order placed with your personal code.</p>",
      "text-2":
        "<ul><li><strong>Your code:</strong> once approved, you receive a personal discount code that gives your friends 10% off their first order.</li><li><strong>Commission:</strong> you earn {{affiliate.percentage}}% of the product subtotal (before shipping and tax) on every order that uses your code.</li><li><strong>Payouts:</strong> commissions are paid monthly once your balance reaches $50, after the 30-day return window for each order has passed.</li><li><strong>Fair use:</strong> codes may not be posted on coupon websites, used on your own orders or promoted with paid search ads on our brand name.</li><li><strong>Changes:</strong> we may update these terms or end the programme with 30 days' notice by email.</li></ul>",
      "text-3":
        '<p>To apply, <a href="/pages/contact">contact us</a> with a little about you and how you would like to share Pawsome Herbals.</p>',
    },
    "itchy-scratchy-formula": {
      title: "The Itchy Scratchy Formula",
      metaDescription:
        "The herbs inside Itchy Scratchy and how they work together to support healthy skin and seasonal comfort for dogs and cats.",
      image: "/media/pet-remedies/itchy-scratchy-1.jpg",
      imageAlt: "A bottle of Itchy Scratchy",
      "text-1":
        "<p>Itchy Scratchy is built around a classic idea from Chinese herbalism: itchy, red skin is a sign of heat and wind in the skin. Baikal skullcap cools, while nettle and burdock support the skin from within.</p>",
      "text-2":
        "<p>Dandelion root supports the liver, which traditional herbalists see as central to clear skin, and calendula adds gentle, comforting support.</p>",
      "text-3":
        '<p>Ready to try it? <a href="/products/itchy-scratchy">Shop Itchy Scratchy</a>.</p>',
    },
    "no-more-drama-formula": {
      title: "The No More Drama Formula",
      metaDescription:
        "The calming herbs inside No More Drama and how they support a relaxed mind and body for nervous dogs and cats.",
      image: "/media/pet-remedies/no-more-drama-1.jpg",
      imageAlt: "A bottle of No More Drama",
      "text-1":
        "<p>No More Drama combines gentle nervines, herbs that support a calm nervous system. Chamomile and lemon balm settle both mind and tummy, which matters because nervous pets often have nervous stomachs too.</p>",
      "text-2":
        "<p>Passionflower and milky oat tops support calm without heavy sedation, while jujube seed, a beloved Chinese herb, supports restful sleep.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/no-more-drama">Shop No More Drama</a>.</p>',
    },
    "eat-formula": {
      title: "The Eat Formula",
      metaDescription:
        "The warming herbs inside Eat and how they support a healthy appetite and easy digestion for picky dogs and cats.",
      image: "/media/pet-remedies/eat-1.jpg",
      imageAlt: "A bottle of Eat",
      "text-1":
        "<p>In Chinese herbalism, a good appetite depends on a strong, warm digestive system. Eat is built around hawthorn berry and Chinese yam, two food herbs used for generations to support the stomach and spleen.</p>",
      "text-2":
        "<p>Tangerine peel, ginger and fennel add a warming, aromatic lift that many picky eaters find irresistible.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/eat">Shop Eat</a>.</p>',
    },
    "cant-poo-poo-formula": {
      title: "The Can't Poo Poo Formula",
      metaDescription:
        "The moistening herbs inside Can't Poo Poo and how they support regular, comfortable bowel movements in dogs and cats.",
      image: "/media/pet-remedies/cant-poo-poo-1.jpg",
      imageAlt: "A bottle of Can't Poo Poo",
      "text-1":
        "<p>Hard, dry stools are often a sign of dryness in the gut. Can't Poo Poo starts with hemp seed, a classic Chinese herb for moistening the intestines, rather than harsh stimulant laxatives.</p>",
      "text-2":
        "<p>Slippery elm and marshmallow root add soothing, hydrating support, while dandelion root and fennel keep digestion moving comfortably.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/cant-poo-poo">Shop Can\'t Poo Poo</a>.</p>',
    },
    "poo-poo-problems-formula": {
      title: "The Poo Poo Problems Formula",
      metaDescription:
        "The settling herbs inside Poo Poo Problems and how they support firm stools and a calm tummy for dogs and cats.",
      image: "/media/pet-remedies/poo-poo-problems-1.jpg",
      imageAlt: "A bottle of Poo Poo Problems",
      "text-1":
        "<p>Poo Poo Problems draws on a family of Chinese formulas that support the spleen, which traditional herbalists see as the root of healthy digestion and firm stools.</p>",
      "text-2":
        "<p>Poria and white atractylodes support healthy fluid balance, Chinese yam nourishes, and slippery elm and chamomile soothe a sensitive tummy.</p>",
      "text-3":
        '<p>Ready to try it? <a href="/products/poo-poo-problems">Shop Poo Poo Problems</a>.</p>',
    },
    "forever-young-formula": {
      title: "The Forever Young Formula",
      metaDescription:
        "The tonic herbs inside Forever Young and how they support vitality, immune health and graceful ageing in dogs and cats.",
      image: "/media/pet-remedies/forever-young-1.jpg",
      imageAlt: "A bottle of Forever Young",
      "text-1":
        "<p>Forever Young is our everyday tonic. At its heart is astragalus, one of the most celebrated tonic herbs in Chinese tradition, paired with reishi mushroom to support resilience.</p>",
      "text-2":
        "<p>Goji berry nourishes, turmeric supports healthy joints and circulation, and alfalfa adds a gentle boost of green, mineral-rich goodness.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/forever-young">Shop Forever Young</a>.</p>',
    },
    "ouchie-formula": {
      title: "The Ouchie Formula",
      metaDescription:
        "The warming herbs inside Ouchie and how they support joint comfort and easy movement for active and senior pets.",
      image: "/media/pet-remedies/ouchie-1.jpg",
      imageAlt: "A bottle of Ouchie",
      "text-1":
        "<p>Ouchie brings together herbs from East and West that support comfortable movement. Turmeric and boswellia are well-loved for joint support, and yucca root has a long history of use with ageing animals.</p>",
      "text-2":
        "<p>Corydalis, a classic Chinese herb, supports comfort, while ginger warms and supports healthy circulation to stiff joints.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/ouchie">Shop Ouchie</a>.</p>',
    },
    "pee-pee-issues-formula": {
      title: "The Pee Pee Issues Formula",
      metaDescription:
        "The soothing herbs inside Pee Pee Issues and how they support a healthy bladder and urinary tract in dogs and cats.",
      image: "/media/pet-remedies/pee-pee-issues-1.jpg",
      imageAlt: "A bottle of Pee Pee Issues",
      "text-1":
        "<p>Pee Pee Issues combines cranberry, well known for supporting a healthy bladder lining, with soothing marshmallow root and corn silk.</p>",
      "text-2":
        "<p>Plantain seed, a traditional Chinese herb for healthy fluid flow, and dandelion leaf complete the blend. Always pair it with plenty of fresh water.</p>",
      "text-3":
        '<p>Ready to try it? <a href="/products/pee-pee-issues">Shop Pee Pee Issues</a>.</p>',
    },
    "yucky-fungus-formula": {
      title: "The Yucky Fungus Formula",
      metaDescription:
        "The cleansing herbs inside Yucky Fungus and how they support healthy skin, clean ears and balanced skin flora in pets.",
      image: "/media/pet-remedies/yucky-fungus-1.jpg",
      imageAlt: "A bottle of Yucky Fungus",
      "text-1":
        "<p>Yeasty skin and ears are often linked to dampness in traditional herbal thinking. Yucky Fungus uses pau d'arco and Oregon grape root, two herbs traditionally used to support skin balance.</p>",
      "text-2":
        "<p>Olive leaf and echinacea support the body's natural defences, and calendula adds gentle comfort for irritated skin.</p>",
      "text-3": '<p>Ready to try it? <a href="/products/yucky-fungus">Shop Yucky Fungus</a>.</p>',
    },
    "traditional-chinese-herbal-formulas-for-dogs-and-cats": {
      title: "Traditional Chinese Herbal Formulas for Dogs and Cats",
      metaDescription:
        "An introduction to traditional Chinese herbal formulas for dogs and cats and how Pawsome Herbals adapts them for pets.",
      image: "/media/pet-remedies/tcm-herbs-pattern.jpg",
      imageAlt: "Botanical pattern of astragalus, goji and poria",
      "text-1":
        "<p>Traditional Chinese veterinary medicine has been used to care for animals for more than two thousand years. Rather than single herbs, it relies on <strong>formulas</strong>: carefully balanced combinations in which each herb has a role.</p>",
      "text-2":
        "<p>A formula usually has a <em>chief</em> herb that addresses the main pattern, <em>deputy</em> herbs that strengthen it, <em>assistant</em> herbs that balance any side effects, and an <em>envoy</em> that harmonises the whole blend.</p>",
      "text-3":
        '<p>We adapt these classic formulas for dogs and cats: we leave out herbs that are unsuitable for pets, use a mild, alcohol-free glycerin base, and test every batch. Explore our formulas, from <a href="/pages/forever-young-formula">Forever Young</a> to <a href="/pages/itchy-scratchy-formula">Itchy Scratchy</a>.</p>',
    },
    wholesale: {
      title: "Wholesale & Trade Partners",
      metaDescription:
        "Stock Pawsome Herbals in your pet store, grooming salon or clinic. Trade pricing, display units and marketing support.",
      backgroundColor: "#f3e7d3",
      textColor: "#2b2118",
      image: "/media/pet-remedies/wholesale-shop.jpg",
      imageAlt: "A neighbourhood pet store with shelves of remedies",
      "text-1":
        "<p>Independent pet stores, groomers and holistic clinics are at the heart of our community. We would love to work with you.</p>",
      sections: {
        "title-1": "Why partner with us",
        "content-1":
          "<ul><li>Trade pricing with healthy margins and no minimum after your first order</li><li>Free countertop display for opening orders of 24 bottles or more</li><li>Shelf talkers, condition guides and staff training by video</li><li>Fast shipping from North Carolina to the US and Canada</li></ul>",
        "title-2": "Apply for a trade account",
        "widget-2": "trade-application-form",
        "title-3": "Ready to stock Pawsome Herbals?",
        "content-3":
          "<p>Apply with the form above: tell us about your store and we will send our trade price list and a sample kit. Once approved, you sign in to see trade prices on every product. Our trade team answers on weekdays.</p>",
        "button-3": "Contact Our Trade Team",
        "buttonLink-3": "/pages/contact",
      },
    },
    "policies/privacy-policy": {
      title: "Privacy Policy",
      metaDescription:
        "How Pawsome Herbals collects, uses and protects your personal information when you visit our store or place an order.",
      textAlign: "left",
      "text-1":
        "<p>This policy explains what personal information Pawsome Herbals collects, why we collect it and the choices you have. We only collect what we need to run our store and care for our customers.</p>",
      "text-2":
        "<p><strong>What we collect:</strong></p><ul><li>Contact and shipping details you give us when you order or create an account</li><li>Order history, reviews you write and messages you send us</li><li>Basic technical data such as pages viewed and items added to your cart</li></ul><p>Card payments are processed by our payment provider; we never see or store your full card number.</p>",
      "text-3":
        "<p><strong>How we use it:</strong> to process and ship orders, answer your questions, keep your account and loyalty points up to date, and improve our store. We send marketing emails only if you opt in, and every email has an unsubscribe link. We never sell your information.</p>",
      "text-4":
        '<p><strong>Your choices:</strong> you may ask to see, correct or delete your information at any time by emailing <a href="mailto:privacy@pawsomeherbals.com">privacy@pawsomeherbals.com</a>.</p>',
      "text-5":
        "<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link's campaign tags or the site that sent you) and the country your connection comes from. Pawsome Herbals uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this.</p>",
      "text-6":
        "<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>",
    },
    "policies/refund-policy": {
      title: "Refund Policy",
      metaDescription:
        "Pawsome Herbals offers a 30-day happiness guarantee. Learn how returns, refunds and exchanges work for your order.",
      textAlign: "left",
      "text-1":
        "<p>We want you and your pet to love our remedies. If you are not happy with your purchase, let us know within <strong>30 days of delivery</strong> and we will make it right.</p>",
      "text-2":
        "<ul><li><strong>First-time purchases:</strong> a full refund of the product price for your first bottle of any formula, even if it has been opened.</li><li><strong>Unopened items:</strong> may be returned for a refund or exchange within 30 days.</li><li><strong>Damaged or incorrect items:</strong> email us a photo within 7 days and we will send a replacement at no cost.</li></ul>",
      "text-3":
        '<p>To start a return, email <a href="mailto:hello@pawsomeherbals.com">hello@pawsomeherbals.com</a> with your order number. Refunds go back to the original payment method within 5 to 10 business days of approval. Shipping costs are not refundable unless the error was ours.</p>',
    },
    "policies/shipping-policy": {
      title: "Shipping Policy",
      metaDescription:
        "Shipping rates and delivery times for Pawsome Herbals, including free shipping on US orders of $149 or more.",
      textAlign: "left",
      "text-1":
        "<p>We pack and ship orders from Asheville, North Carolina, Monday to Friday. Orders placed before 1 pm Eastern usually leave the same day.</p>",
      "text-2":
        "<ul><li><strong>United States:</strong> <strong>free shipping on US orders of {{free_shipping_threshold}} or more</strong>; otherwise Standard at {{shipping.US.standard}} ({{shipping.US.standard.estimate}}) or Express at {{shipping.US.express}} ({{shipping.US.express.estimate}}).</li><li><strong>Canada:</strong> Standard at {{shipping.CA.standard}} ({{shipping.CA.standard.estimate}}) or Express at {{shipping.CA.express}} ({{shipping.CA.express.estimate}}). Duties and taxes are included at checkout.</li><li><strong>Other countries:</strong> we are not able to ship outside the US and Canada at this time.</li></ul>",
      "text-3":
        '<p>You will receive a tracking link by email as soon as your order ships. If your parcel has not arrived within 10 business days, please <a href="/pages/contact">contact us</a> and we will help.</p>',
    },
    "policies/terms-of-service": {
      title: "Terms of Service",
      metaDescription:
        "The terms that apply when you browse the Pawsome Herbals store, create an account or buy our herbal remedies for pets.",
      textAlign: "left",
      "text-1":
        "<p>By using this website or placing an order, you agree to these terms. Please read them carefully.</p>",
      "text-2":
        "<ul><li><strong>Our products:</strong> our herbal remedies are dietary supplements for animals. They are not intended to diagnose, treat, cure or prevent any disease, and information on this site is not a substitute for veterinary advice.</li><li><strong>Orders and pricing:</strong> prices are shown in US or Canadian dollars. We may refuse or cancel an order if a product is mispriced or unavailable, and will refund any payment in full.</li><li><strong>Accounts:</strong> you are responsible for keeping your password safe. Loyalty points and discount codes have no cash value.</li><li><strong>Reviews:</strong> by posting a review you allow us to display it on our store. We may remove reviews that are abusive or off-topic.</li></ul>",
      "text-3":
        '<p>These terms are governed by the laws of the State of North Carolina. Questions? <a href="/pages/contact">Contact us</a>.</p>',
    },
  },
  chatbot: {
    chatbotLogo: "/media/pet-remedies/logo.jpg",
    backgroundColor: "#ffffff",
    headerBackgroundColor: "#000000",
    headerTextColor: "#ffffff",
    inputControlsColor: "#000000",
    userTextColor: "#ffffff",
    userMessageColor: "#000000",
    botTextColor: "#000000",
    botMessageColor: "#f5f5f5",
    chatbotHeaderText: "Customer Support",
    quickActionMessages: [
      { id: "track-order", label: "Track my order", message: "Can you help me track my order?" },
      {
        id: "anxiety-remedy",
        label: "Which remedy for anxiety?",
        message: "Which remedy would you recommend for an anxious dog or cat?",
      },
      {
        id: "shipping-returns",
        label: "Shipping & returns",
        message: "What are your shipping times and return policy?",
      },
      {
        id: "current-discount",
        label: "Current discount",
        message: "Is there a discount code I can use right now?",
      },
    ],
  },
  discountCodes: [
    // 15% off, at most $20.00 / CA$27.00.
    {
      code: "WELCOME15",
      percentage: 15,
      caps: { usd: 2_000, cad: 2_700 },
      maxRedemptions: 1_000,
      // A welcome: once per customer (account or mailbox).
      oncePerCustomer: true,
    },
    // $10.00 / CA$13.00 off.
    // Public: the chatbot offers it to anyone who asks about discounts.
    { code: "SAVE10", amounts: { usd: 1_000, cad: 1_300 }, maxRedemptions: 500, public: true },
    // Used up: shows the "used up" refusal.
    { code: "SPRING50", percentage: 50, maxRedemptions: 0 },
  ],
  // An affiliate shopper with points and commission to show on the account page (README).
  accounts: [
    {
      email: "demo@pawsome.test",
      password: "Willow-and-Biscuit-2026",
      firstName: "Riley",
      lastName: "Morgan",
      birthday: "1988-04-12",
      pointsBalance: 120,
      discountCode: "RILEYPAWS",
      discountPercentage: 10,
      // The programme's rate, as the affiliate page quotes it.
      commissionPercentage: AFFILIATE_PERCENTAGE,
      commissionAmount: 4_500,
    },
    {
      // A pet shop buying at trade prices, with its resale certificate on file (tax-exempt).
      email: "trade@pawsome.test",
      password: "Corner-Pet-Shop-2026",
      firstName: "Jordan",
      lastName: "Reyes",
      userType: "wholesale",
      resaleCertificate: "NC-RESALE-500123",
      pointsBalance: 0,
      discountCode: "JORDANTRADE",
    },
    {
      // The store owner's account: userType admin (moderates reviews, reads design requests).
      email: "admin@pawsome.test",
      password: "Store-Owner-Demo-2026",
      firstName: "Pawsome",
      lastName: "Owner",
      userType: "admin",
      pointsBalance: 0,
      discountCode: "PAWSOWNER",
    },
  ],
  reviews: petReviews,
};
