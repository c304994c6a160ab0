import type { DemoStore } from "@storefront/domain";
import { DEFAULT_THEME } from "@storefront/domain";
import { hempReviewImages, hempReviews } from "./hemp-nutrition-reviews.ts";
import { HEMP_SYNONYMS } from "./search-synonyms.ts";
import { CATS, conditionTag, DOGS } from "./tags.ts";

/**
 * The sister hemp and nutrition demo store that the pet remedies callout links to. Product images
 * and the logo are file names from `images`; page documents, the press strip and the chatbot
 * config use the public `/media/hemp-nutrition/…` URL.
 */
export const hempNutrition: DemoStore = {
  id: "hemp-nutrition",
  domains: ["hemp.localhost"],
  brandName: "Hemp & Hearth Nutrition",
  ownerEmail: "owner@hempandhearth.test",
  brandDescription:
    "Cold-pressed hemp seed nutrition for dogs and cats: oils, omegas and chews made in small batches from North American hemp seed.",
  logo: "logo.jpg",
  defaultCurrency: "usd",
  productTrust: [
    { text: "Free US shipping on orders of {{free_shipping_threshold}} or more", currency: "usd" },
    { text: "Ships to Canada from {{shipping.CA.standard}}", currency: "cad" },
    { text: "Unopened products can be returned within 30 days" },
    { text: "Orders placed by noon Mountain time ship the same day" },
  ],
  searchSynonyms: HEMP_SYNONYMS,
  theme: {
    ...DEFAULT_THEME,
    colors: {
      background: "#f6f4ec",
      text: "#1f2622",
      primary: "#2d5f5a",
      primaryDark: "#1f4541",
      textOnPrimary: "#ffffff",
      textSecondary: "#4f5a52",
    },
    typography: { fonts: { primary: "Work Sans", body: "Work Sans" } },
    buttons: { radius: "8px" },
  },
  navbar: {
    menus: [
      {
        label: "Shop",
        items: [
          { label: "Hemp Seed Oil", href: "/products/hemp-seed-oil-for-pets" },
          { label: "Calming Chews", href: "/products/calming-chews" },
          { label: "Omega Blend", href: "/products/omega-blend" },
          { label: "Hip & Joint", href: "/products/hip-and-joint" },
        ],
      },
    ],
    links: [
      { label: "All Products", href: "/collections/all" },
      { label: "About", href: "/pages/about" },
      { label: "Contact", href: "/pages/contact" },
    ],
  },
  footer: {
    columns: [
      {
        title: "Shop",
        links: [
          { label: "All Products", href: "/collections/all" },
          { label: "Hemp Seed Oil", href: "/products/hemp-seed-oil-for-pets" },
          { label: "Calming Chews", href: "/products/calming-chews" },
          { label: "Omega Blend", href: "/products/omega-blend" },
          { label: "Hip & Joint", href: "/products/hip-and-joint" },
        ],
      },
      {
        title: "Company",
        links: [
          { label: "About Us", href: "/pages/about" },
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
        label: "Hemp & Hearth on Instagram",
        href: "https://www.instagram.com/hempandhearthnutrition",
      },
      {
        network: "facebook",
        label: "Hemp & Hearth on Facebook",
        href: "https://www.facebook.com/hempandhearthnutrition",
      },
      {
        network: "youtube",
        label: "Hemp & Hearth on YouTube",
        href: "https://www.youtube.com/@hempandhearthnutrition",
      },
    ],
    note: "© {{year}} Hemp & Hearth Nutrition. Our products contain no THC and are not intended to diagnose, treat, cure or prevent any disease.",
  },
  globalStyles: { containerWidth: "1200px" },
  topCallOut: {
    messages: [
      { label: "Visit our sister brand, Pawsome Herbals", href: "store://pet-remedies/" },
      { label: "FREE SHIPPING ON USA ORDERS $149+" },
    ],
  },
  pressStrip: {
    title: "As featured in",
    logos: [
      { name: "Green Pet Living", image: "/media/hemp-nutrition/press-green-pet-living.jpg" },
      { name: "Barkside Review", image: "/media/hemp-nutrition/press-barkside-review.jpg" },
      { name: "The Natural Cat", image: "/media/hemp-nutrition/press-natural-cat.jpg" },
    ],
  },
  images: [
    {
      file: "logo.jpg",
      kind: "logo",
      lettering: "sans",
      label: "Hemp & Hearth Nutrition",
      primary: "#2d5f5a",
      accent: "#f6f4ec",
      width: 600,
      height: 200,
    },
    {
      file: "hemp-seed-oil-for-pets-1.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Hemp Seed Oil",
      primary: "#3f6b2f",
      accent: "#e6efd2",
      width: 1200,
      height: 1200,
    },
    {
      file: "hemp-seed-oil-for-pets-2.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Hemp Seed Oil",
      primary: "#e6efd2",
      accent: "#3f6b2f",
      width: 1200,
      height: 1200,
    },
    {
      file: "hemp-wellness-pair.jpg",
      kind: "jar",
      lettering: "sans",
      label: "Hemp Wellness Pair",
      primary: "#5a7d3a",
      accent: "#eef5e4",
      width: 1200,
      height: 1200,
    },
    {
      file: "calming-chews-1.jpg",
      kind: "jar",
      lettering: "sans",
      label: "Calming Chews",
      primary: "#4b5fa0",
      accent: "#dfe4f5",
      width: 1200,
      height: 1200,
    },
    {
      file: "calming-chews-2.jpg",
      kind: "jar",
      lettering: "sans",
      label: "Calming Chews",
      primary: "#dfe4f5",
      accent: "#4b5fa0",
      width: 1200,
      height: 1200,
    },
    {
      file: "omega-blend-1.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Omega Blend",
      primary: "#c8781e",
      accent: "#fbe9cf",
      width: 1200,
      height: 1200,
    },
    {
      file: "omega-blend-2.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Omega Blend",
      primary: "#fbe9cf",
      accent: "#c8781e",
      width: 1200,
      height: 1200,
    },
    {
      file: "hip-and-joint-1.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Hip & Joint",
      primary: "#8a3b4e",
      accent: "#f3dde2",
      width: 1200,
      height: 1200,
    },
    {
      file: "hip-and-joint-2.jpg",
      kind: "bottle",
      lettering: "sans",
      label: "Hip & Joint",
      primary: "#f3dde2",
      accent: "#8a3b4e",
      width: 1200,
      height: 1200,
    },
    {
      file: "press-green-pet-living.jpg",
      kind: "press",
      label: "Green Pet Living",
      primary: "#666666",
      accent: "#f2f2f2",
      width: 360,
      height: 120,
    },
    {
      file: "press-barkside-review.jpg",
      kind: "press",
      label: "Barkside Review",
      primary: "#5f5f5f",
      accent: "#efefef",
      width: 360,
      height: 120,
    },
    {
      file: "press-natural-cat.jpg",
      kind: "press",
      label: "The Natural Cat",
      primary: "#6e6e6e",
      accent: "#f4f4f4",
      width: 360,
      height: 120,
    },
    {
      file: "hero-hemp-field.jpg",
      kind: "scene",
      motif: "field",
      label: "A hemp field at sunrise with a dog running along the edge",
      primary: "#5d7f45",
      accent: "#f1d9a0",
      width: 1600,
      height: 900,
    },
    {
      file: "home-seeds-pattern.jpg",
      kind: "pattern",
      label: "Botanical pattern of hemp leaves and seeds",
      primary: "#2d5f5a",
      accent: "#e7eee4",
      width: 1200,
      height: 800,
    },
    {
      file: "about-kitchen.jpg",
      kind: "scene",
      label: "A warm farmhouse kitchen with a cat by the hearth",
      primary: "#a86f3c",
      accent: "#f5e8d2",
      width: 1200,
      height: 800,
    },
    ...hempReviewImages,
  ],
  products: [
    {
      handle: "hemp-seed-oil-for-pets",
      tags: [DOGS, CATS, conditionTag("Skin & Coat")],
      title: "Hemp Seed Oil for Pets – Skin & Coat Nutrition for Dogs & Cats",
      metaDescription:
        "Cold-pressed hemp seed oil rich in omega-3 and omega-6 that supports a soft, shiny coat and healthy skin for dogs and cats.",
      descriptionHtml:
        "<p>Our unrefined, cold-pressed hemp seed oil is one of nature's best-balanced sources of omega-3 and omega-6 fatty acids. A little on the food bowl each day supports a soft, shiny coat, healthy skin and everyday vitality. Made only from hemp seeds, it contains no THC.</p>" +
        "<p><strong>What is inside</strong> every 4 fl oz (120 ml) bottle:</p>" +
        "<ul><li><strong>Cold-pressed hemp seed oil</strong> – with a natural 3:1 ratio of omega-6 to omega-3</li><li><strong>GLA (gamma-linolenic acid)</strong> – a rare omega-6 that supports skin health</li><li><strong>Natural vitamin E</strong> – keeps the oil fresh</li></ul>" +
        "<p><strong>How to use:</strong> Add to food once daily and introduce gradually over a week. Pets under 15 lb: 1 ml; 15–40 lb: 2 ml; 40–80 lb: 3 ml; over 80 lb: 4 ml. Refrigerate after opening and use within 3 months.</p>",
      images: ["hemp-seed-oil-for-pets-1.jpg", "hemp-seed-oil-for-pets-2.jpg"],
      variants: [
        {
          sku: "HEMPOIL-1",
          attributes: { "pack size": "1" },
          stock: 88,
          prices: { usd: 3495, cad: 4695 },
        },
        {
          sku: "HEMPOIL-2",
          attributes: { "pack size": "2" },
          stock: 34,
          prices: { usd: 6295, cad: 8495 },
        },
      ],
    },
    {
      handle: "calming-chews",
      tags: [DOGS, conditionTag("Anxiety")],
      title: "Calming Chews – Hemp Seed & Chamomile Soft Chews for Dogs",
      metaDescription:
        "Tasty soft chews with hemp seed, chamomile and L-theanine that support calm, relaxed behaviour during stressful moments.",
      descriptionHtml:
        "<p>Fireworks, grooming appointments and long car rides are easier with a little help. Our <strong>Calming Chews</strong> are tasty soft chews that support calm, relaxed behaviour, made with hemp seed and soothing botanicals in a chicken-flavoured base dogs love.</p>" +
        "<p><strong>Key ingredients</strong> in every jar of 60 chews:</p>" +
        "<ul><li><strong>Hemp seed powder</strong> – a nourishing source of protein and omegas</li><li><strong>Chamomile</strong> – a gentle herb that supports relaxation</li><li><strong>L-theanine</strong> – an amino acid that supports a calm, focused mind</li><li><strong>Ginger root</strong> – supports a settled tummy on the road</li></ul>" +
        "<p><strong>How to use:</strong> Give 30 to 60 minutes before a stressful event, or daily for ongoing support. Dogs under 25 lb: 1 chew; 25–75 lb: 2 chews; over 75 lb: 3 chews. Not recommended for cats.</p>",
      images: ["calming-chews-1.jpg", "calming-chews-2.jpg"],
      variants: [
        {
          sku: "CHEWS-1",
          attributes: { "pack size": "1" },
          stock: 120,
          prices: { usd: 3795, cad: 5095 },
        },
        {
          sku: "CHEWS-2",
          attributes: { "pack size": "2" },
          stock: 48,
          prices: { usd: 6795, cad: 9195 },
        },
      ],
    },
    {
      handle: "omega-blend",
      tags: [DOGS, CATS, conditionTag("Skin & Coat")],
      title: "Omega Blend – Hemp, Fish & Flax Omega 3-6-9 for Dogs & Cats",
      metaDescription:
        "An omega 3-6-9 blend of hemp seed, wild fish and flax oils that supports healthy skin, coat, heart and brain for pets.",
      descriptionHtml:
        "<p>Our <strong>Omega Blend</strong> brings together three of the best sources of essential fatty acids in one easy pump. It supports healthy skin and coat, a strong heart, sharp minds in senior pets and healthy development in youngsters.</p>" +
        "<p><strong>What is inside</strong> every 8 fl oz (240 ml) bottle:</p>" +
        "<ul><li><strong>Wild-caught anchovy and sardine oil</strong> – a rich source of EPA and DHA omega-3s</li><li><strong>Cold-pressed hemp seed oil</strong> – balanced omega-3 and omega-6 with GLA</li><li><strong>Flaxseed oil</strong> – plant-based omega-3 ALA</li><li><strong>Natural vitamin E</strong> – keeps the blend fresh</li></ul>" +
        "<p><strong>How to use:</strong> Pump onto food once daily. Pets under 15 lb: half a pump; 15–40 lb: 1 pump; 40–80 lb: 2 pumps; over 80 lb: 3 pumps. Refrigerate after opening. Please ask your veterinarian before use if your pet is on blood-thinning medication.</p>",
      images: ["omega-blend-1.jpg", "omega-blend-2.jpg"],
      variants: [
        {
          sku: "OMEGA-1",
          attributes: { "pack size": "1" },
          stock: 64,
          prices: { usd: 3995, cad: 5395 },
        },
        {
          sku: "OMEGA-2",
          attributes: { "pack size": "2" },
          stock: 27,
          prices: { usd: 7195, cad: 9695 },
        },
      ],
    },
    {
      handle: "hip-and-joint",
      tags: [DOGS, CATS, conditionTag("Hips & Joints")],
      title: "Hip & Joint – Hemp, Glucosamine & Turmeric Drops for Dogs & Cats",
      metaDescription:
        "Liquid hip and joint nutrition with hemp seed oil, glucosamine, turmeric and green-lipped mussel to support easy movement.",
      descriptionHtml:
        "<p>Active adventurers and gentle seniors alike deserve to move with ease. <strong>Hip &amp; Joint</strong> combines hemp seed oil with classic joint nutrients to support healthy cartilage, flexible joints and comfortable movement every day.</p>" +
        "<p><strong>Key ingredients</strong> in every 4 fl oz (120 ml) bottle:</p>" +
        "<ul><li><strong>Glucosamine and chondroitin</strong> – building blocks that support healthy cartilage</li><li><strong>Green-lipped mussel</strong> – a natural source of omega-3s and joint nutrients</li><li><strong>Turmeric root</strong> – supports a healthy response to everyday wear and tear</li><li><strong>Cold-pressed hemp seed oil</strong> – supports overall vitality</li></ul>" +
        "<p><strong>How to use:</strong> Shake well and add to food once daily. Pets under 15 lb: 1 ml; 15–40 lb: 2 ml; 40–80 lb: 3 ml; over 80 lb: 4 ml. Most pets show the best results after four to six weeks of daily use. Not suitable for pets with a shellfish allergy.</p>",
      images: ["hip-and-joint-1.jpg", "hip-and-joint-2.jpg"],
      variants: [
        {
          sku: "JOINT-1",
          attributes: { "pack size": "1" },
          stock: 53,
          prices: { usd: 4495, cad: 6095 },
        },
        {
          sku: "JOINT-2",
          attributes: { "pack size": "2" },
          stock: 18,
          prices: { usd: 8095, cad: 10895 },
        },
      ],
    },
    {
      handle: "hemp-wellness-pair",
      tags: [DOGS, CATS],
      title: "Hemp Wellness Pair – Any 2 for Dogs & Cats",
      metaDescription:
        "Pick any two Hemp & Hearth products, oil, omegas, chews or joint support, and pay less than for each on its own.",
      descriptionHtml:
        "<p>Mix and match any two of our hemp seed oil, omega blend, calming chews and hip and joint support, or take two of a favourite, for less than buying them one by one.</p>",
      images: ["hemp-wellness-pair.jpg"],
      variants: [
        {
          sku: "HEMP-PAIR",
          attributes: {},
          stock: 0,
          prices: { usd: 5995, cad: 8095 },
        },
      ],
      bundle: { slots: 2, choices: ["HEMPOIL-1", "CHEWS-1", "OMEGA-1", "JOINT-1"] },
    },
  ],
  collections: [
    {
      handle: "all",
      title: "All Products",
      description:
        "Every Hemp & Hearth product: cold-pressed hemp seed oil, omega blends, calming chews and joint support for dogs and cats.",
      productHandles: [
        "hemp-seed-oil-for-pets",
        "calming-chews",
        "omega-blend",
        "hip-and-joint",
        "hemp-wellness-pair",
      ],
    },
  ],
  pages: {
    homepage: {
      title: "Wholesome Hemp Nutrition for Dogs & Cats",
      metaDescription:
        "Hemp & Hearth Nutrition makes cold-pressed hemp seed oils, omega blends and chews that support healthy, happy dogs and cats.",
      image: "/media/hemp-nutrition/hero-hemp-field.jpg",
      imageAlt: "A hemp field at sunrise with a dog running along the edge",
      "text-1":
        "<p>Good nutrition is the foundation of a long, happy life. We cold-press North American hemp seed in small batches and blend it into simple, honest supplements that support shiny coats, calm minds and easy movement. No fillers, no THC, just real food for the pets you love.</p>",
      sections: {
        // The store's products first, under the heading the page gives them: a shopper on a
        // phone sees them within two screens.
        "title-1": "Hemp nutrition for every pet",
        "widget-1": "products",
        "title-2": "From seed to bowl",
        "subheading-2": "Grown and pressed in North America",
        "color-2": "#1f4541",
        "image-2": "/media/hemp-nutrition/home-seeds-pattern.jpg",
        "imageAlt-2": "Botanical pattern of hemp leaves and seeds",
        "content-2":
          "<p>Our hemp is grown by family farms in Manitoba and Colorado and pressed within days of harvest, so every bottle is fresh, nutty and full of natural omegas.</p>",
        "title-3": "Simple, honest ingredients",
        "content-3":
          "<ul><li>Cold-pressed and unrefined</li><li>Third-party tested for purity in every batch</li><li>No artificial colours, flavours or preservatives</li></ul>",
        "title-4": "Find your pet's favourite",
        "content-4":
          "<p>From everyday hemp seed oil to targeted joint support, there is something for every stage of life.</p>",
        "button-4": "Shop All Products",
        "buttonLink-4": "/collections/all",
      },
    },
    about: {
      title: "About Hemp & Hearth",
      metaDescription:
        "Learn how Hemp & Hearth Nutrition started, where our hemp seed comes from and why we keep our ingredient lists short.",
      image: "/media/hemp-nutrition/about-kitchen.jpg",
      imageAlt: "A warm farmhouse kitchen with a cat by the hearth",
      "text-1":
        "<p>Hemp &amp; Hearth began as a sister project to our herbal remedies brand, Pawsome Herbals, when our herbalists kept getting the same question: <em>what should I be feeding alongside the remedies?</em> Our answer was simple, whole-food nutrition built around hemp seed.</p>",
      "text-2":
        "<p>We work directly with a handful of farms, press our oils in small batches and test every lot for freshness and purity. Our ingredient lists are short on purpose, because you should always know exactly what goes into your pet's bowl.</p>",
      "text-3":
        "<p>We are a small team of pet parents, and every product is tested first by our own dogs and cats, the toughest critics we know.</p>",
    },
    contact: {
      title: "Contact Us",
      metaDescription:
        "Questions about hemp nutrition for your dog or cat, or about an order? Contact the Hemp & Hearth Nutrition team.",
      "text-1":
        "<p>We would love to hear from you, whether you have a question about an order or want advice on the right product for your pet.</p>",
      "text-2":
        '<p><strong>Email:</strong> <a href="mailto:hello@hempandhearth.com">hello@hempandhearth.com</a>. We reply within one business day.</p><p><strong>Phone:</strong> 1-877-555-0163, Monday to Friday, 9 am to 5 pm Mountain.</p>',
      "text-3":
        "<p><strong>Mailing address:</strong> Hemp &amp; Hearth Nutrition, 210 Prairie Street, Fort Collins, CO 80524, USA</p>",
    },
    "policies/privacy-policy": {
      title: "Privacy Policy",
      metaDescription:
        "How Hemp & Hearth Nutrition collects, uses and protects your personal information when you shop with us.",
      textAlign: "left",
      "text-1":
        "<p>This policy explains what personal information Hemp &amp; Hearth Nutrition collects and how we use it. We collect only what we need to run our store.</p>",
      "text-2":
        "<ul><li><strong>What we collect:</strong> contact and shipping details, order history, reviews and messages you send us, and basic data about how you use our site.</li><li><strong>How we use it:</strong> to process and ship your orders, answer your questions and improve our store. We send marketing emails only if you opt in.</li><li><strong>Payments:</strong> card payments are handled by our payment provider; we never store your full card number.</li><li><strong>Sharing:</strong> we never sell your information.</li></ul>",
      "text-3":
        '<p>To see, correct or delete your information, email <a href="mailto:privacy@hempandhearth.com">privacy@hempandhearth.com</a>.</p>',
      "text-4":
        "<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link's campaign tags or the site that sent you) and the country your connection comes from. Hemp &amp; Hearth Nutrition uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this.</p>",
      "text-5":
        "<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>",
    },
    "policies/refund-policy": {
      title: "Refund Policy",
      metaDescription:
        "Hemp & Hearth Nutrition offers a 30-day satisfaction guarantee. Learn how returns and refunds work.",
      textAlign: "left",
      "text-1":
        "<p>If your pet is not a fan, neither are we. Contact us within <strong>30 days of delivery</strong> and we will make it right.</p>",
      "text-2":
        "<ul><li><strong>Opened products:</strong> a full refund on your first purchase of any product.</li><li><strong>Unopened products:</strong> return within 30 days for a refund or exchange.</li><li><strong>Damaged items:</strong> send us a photo within 7 days for a free replacement.</li></ul>",
      "text-3":
        '<p>Email <a href="mailto:hello@hempandhearth.com">hello@hempandhearth.com</a> with your order number to start a return. Refunds are issued to the original payment method within 5 to 10 business days.</p>',
    },
    "policies/shipping-policy": {
      title: "Shipping Policy",
      metaDescription:
        "Shipping rates and delivery times for Hemp & Hearth Nutrition, with free shipping on US orders of $149 or more.",
      textAlign: "left",
      "text-1":
        "<p>Orders ship from Fort Collins, Colorado, Monday to Friday. Orders placed before noon Mountain time usually ship the same day.</p>",
      "text-2":
        "<ul><li><strong>United States:</strong> free shipping on orders of {{free_shipping_threshold}} or more; otherwise Standard at {{shipping.US.standard}} ({{shipping.US.standard.estimate}}) or Express at {{shipping.US.express}} ({{shipping.US.express.estimate}}).</li><li><strong>Canada:</strong> Standard at {{shipping.CA.standard}} ({{shipping.CA.standard.estimate}}) or Express at {{shipping.CA.express}} ({{shipping.CA.express.estimate}}).</li><li><strong>Other countries:</strong> we currently ship only to the US and Canada.</li></ul>",
      "text-3":
        "<p>Oils are packed with a cold pack from June to September. You will receive a tracking link by email as soon as your order ships.</p>",
    },
    "policies/terms-of-service": {
      title: "Terms of Service",
      metaDescription:
        "The terms that apply when you browse the Hemp & Hearth Nutrition store, create an account or place an order.",
      textAlign: "left",
      "text-1": "<p>By using this website or placing an order, you agree to these terms.</p>",
      "text-2":
        "<ul><li><strong>Our products:</strong> our supplements are made from hemp seed and contain no THC. They are not intended to diagnose, treat, cure or prevent any disease. Please consult your veterinarian about your pet's health.</li><li><strong>Orders and pricing:</strong> prices are in US or Canadian dollars. We may cancel an order for a mispriced or unavailable item and will refund you in full.</li><li><strong>Accounts and reviews:</strong> keep your password safe; reviews you post may be displayed on our store.</li></ul>",
      "text-3":
        '<p>These terms are governed by the laws of the State of Colorado. Questions? <a href="/pages/contact">Contact us</a>.</p>',
    },
  },
  chatbot: {
    chatbotLogo: "/media/hemp-nutrition/logo.jpg",
    backgroundColor: "#ffffff",
    headerBackgroundColor: "#2d5f5a",
    headerTextColor: "#ffffff",
    inputControlsColor: "#2d5f5a",
    userTextColor: "#ffffff",
    userMessageColor: "#2d5f5a",
    botTextColor: "#1f2622",
    botMessageColor: "#eef2ef",
    chatbotHeaderText: "Customer Support",
    quickActionMessages: [
      { id: "track-order", label: "Track my order", message: "Can you help me track my order?" },
      {
        id: "hemp-thc",
        label: "Does it contain THC?",
        message: "Do your hemp products contain THC or CBD?",
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
    // 10% off, at most $15.00 / CA$20.00.
    {
      code: "HEMP10",
      percentage: 10,
      caps: { usd: 1_500, cad: 2_000 },
      maxRedemptions: 1_000,
      public: true,
    },
  ],
  accounts: [
    {
      // The store owner's account: userType admin (moderates reviews, reads design requests).
      email: "admin@hempandhearth.test",
      password: "Store-Owner-Demo-2026",
      firstName: "Hearth",
      lastName: "Owner",
      userType: "admin",
      pointsBalance: 0,
      discountCode: "HEARTHOWNER",
    },
  ],
  reviews: hempReviews,
};
