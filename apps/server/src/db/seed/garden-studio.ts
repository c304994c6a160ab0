import type { DemoStore } from "@storefront/domain";
import { DEFAULT_ANALYTICS_SETTINGS, DEFAULT_THEME } from "@storefront/domain";
import { gardenReviewImages, gardenReviews } from "./garden-studio-reviews.ts";

/**
 * The garden design studio demo store. Its home page carries the Garden Design Form: the
 * `garden-design-form` widget among its sections places the wizard there and enables
 * /garden-design for this store. Product images and the logo are file names from
 * `images`; page documents and the chatbot config use the public `/media/garden-studio/…` URL.
 */
export const gardenStudio: DemoStore = {
  id: "garden-studio",
  domains: ["garden.localhost"],
  brandName: "Fernwood Garden Studio",
  ownerEmail: "studio@fernwood.test",
  brandDescription:
    "A small garden design studio creating personalised, easy-care garden plans for backyards, balconies and front yards.",
  logo: "logo.jpg",
  defaultCurrency: "usd",
  // The studio asks before it records a visit (a banner), to show the consent setting at work.
  analyticsSettings: { ...DEFAULT_ANALYTICS_SETTINGS, consent: "required" },
  productTrust: [
    { text: "Delivered as a printable PDF by email" },
    { text: "Questions answered within two business days" },
  ],
  theme: {
    ...DEFAULT_THEME,
    colors: {
      background: "#f4f7ef",
      text: "#1f2a1c",
      primary: "#2f6b3a",
      primaryDark: "#234f2b",
      textOnPrimary: "#ffffff",
      textSecondary: "#4a5a45",
    },
    typography: { fonts: { primary: "Fraunces", body: "Nunito Sans" } },
    buttons: { radius: "6px" },
  },
  navbar: {
    menus: [
      {
        label: "Services",
        items: [
          { label: "Personalised Garden Design", href: "/products/garden-design-consultation" },
          { label: "Seasonal Planting Plan", href: "/products/seasonal-planting-plan" },
        ],
      },
    ],
    links: [
      { label: "Design Services", href: "/collections/design-services" },
      { label: "About", href: "/pages/about" },
      { label: "FAQ", href: "/pages/faq" },
      { label: "Contact", href: "/pages/contact" },
    ],
  },
  footer: {
    columns: [
      {
        title: "Studio",
        links: [
          { label: "About Us", href: "/pages/about" },
          { label: "FAQ", href: "/pages/faq" },
          { label: "Contact", href: "/pages/contact" },
        ],
      },
      {
        title: "Services",
        links: [
          { label: "All Design Services", href: "/collections/design-services" },
          { label: "Personalised Garden Design", href: "/products/garden-design-consultation" },
          { label: "Seasonal Planting Plan", href: "/products/seasonal-planting-plan" },
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
        label: "Fernwood Garden Studio on Instagram",
        href: "https://www.instagram.com/fernwoodgardenstudio",
      },
      {
        network: "pinterest",
        label: "Fernwood Garden Studio on Pinterest",
        href: "https://www.pinterest.com/fernwoodgardenstudio",
      },
      {
        network: "youtube",
        label: "Fernwood Garden Studio on YouTube",
        href: "https://www.youtube.com/@fernwoodgardenstudio",
      },
    ],
    note: "© {{year}} Fernwood Garden Studio. Thoughtful gardens, designed for the way you live.",
  },
  globalStyles: { containerWidth: "1200px" },
  topCallOut: {
    messages: [
      { label: "Now booking spring garden designs", href: "/collections/design-services" },
    ],
  },
  pressStrip: null,
  images: [
    {
      file: "logo.jpg",
      kind: "logo",
      label: "Fernwood Garden Studio",
      primary: "#2f6b3a",
      accent: "#f4f7ef",
      width: 600,
      height: 200,
    },
    {
      file: "garden-design-consultation-1.jpg",
      kind: "scene",
      motif: "garden",
      label: "A finished cottage garden with curving beds and a gravel path",
      primary: "#5f8f4e",
      accent: "#e8c6d9",
      width: 1200,
      height: 800,
    },
    {
      file: "garden-design-consultation-2.jpg",
      kind: "plan",
      label: "Botanical pattern of lavender, salvia and ferns",
      primary: "#2f6b3a",
      accent: "#dfe9d3",
      width: 1200,
      height: 800,
    },
    {
      file: "seasonal-planting-plan-1.jpg",
      kind: "plan",
      label: "Botanical pattern of tulips, alliums and grasses",
      primary: "#7a4e8c",
      accent: "#eef3e4",
      width: 1200,
      height: 800,
    },
    {
      file: "seasonal-planting-plan-2.jpg",
      kind: "scene",
      motif: "garden",
      label: "Autumn borders with asters and ornamental grasses",
      primary: "#b5793a",
      accent: "#6d8b4d",
      width: 1200,
      height: 800,
    },
    {
      file: "hero-garden.jpg",
      kind: "scene",
      motif: "garden",
      label: "A lush backyard garden at golden hour",
      primary: "#4f7f3f",
      accent: "#f2d98d",
      width: 1600,
      height: 900,
    },
    {
      file: "home-listen.jpg",
      kind: "scene",
      motif: "garden",
      label: "A small courtyard garden with seating and climbing roses",
      primary: "#6a9a5b",
      accent: "#f0c9c2",
      width: 1200,
      height: 800,
    },
    {
      file: "home-plan.jpg",
      kind: "plan",
      label: "Botanical pattern of a hand-drawn planting plan",
      primary: "#234f2b",
      accent: "#e9efe0",
      width: 1200,
      height: 800,
    },
    {
      file: "home-grow.jpg",
      kind: "scene",
      motif: "garden",
      label: "A vegetable garden with raised beds and herbs",
      primary: "#7c9a3d",
      accent: "#f4e3b5",
      width: 1200,
      height: 800,
    },
    {
      file: "about-studio.jpg",
      kind: "scene",
      motif: "garden",
      label: "A greenhouse studio surrounded by wildflowers",
      primary: "#89b07a",
      accent: "#f7efd9",
      width: 1600,
      height: 900,
    },
    ...gardenReviewImages,
  ],
  products: [
    {
      handle: "garden-design-consultation",
      title: "Personalised Garden Design",
      metaDescription:
        "A personalised garden design plan from our studio, tailored to your space, light, soil and style. Basic and Premium plans.",
      descriptionHtml:
        "<p>Tell us about your space and the way you want to use it, and one of our designers will create a garden plan made just for you, whether it is a small balcony, a shady side yard or a whole backyard.</p>" +
        "<p><strong>What is included:</strong></p>" +
        "<ul><li><strong>Basic:</strong> a scaled layout plan, a plant list suited to your light and climate zone, and one round of revisions</li><li><strong>Premium:</strong> everything in Basic, plus a 45-minute video call with your designer, a seasonal colour calendar, hardscape suggestions and two rounds of revisions</li></ul>" +
        "<p>Your plan arrives as a printable PDF within 10 business days of receiving your garden details. You can plant it yourself over a weekend or hand it to your favourite landscaper.</p>",
      images: ["garden-design-consultation-1.jpg", "garden-design-consultation-2.jpg"],
      variants: [
        {
          sku: "DESIGN-BASIC",
          attributes: { Plan: "Basic" },
          requiresShipping: false,
          prices: { usd: 14995, cad: 20195 },
        },
        {
          sku: "DESIGN-PREMIUM",
          attributes: { Plan: "Premium" },
          requiresShipping: false,
          prices: { usd: 34995, cad: 47195 },
        },
      ],
    },
    {
      handle: "seasonal-planting-plan",
      title: "Seasonal Planting Plan",
      metaDescription:
        "A ready-made seasonal planting plan with plant lists, spacing and timing to refresh your beds and borders in spring or fall.",
      descriptionHtml:
        "<p>Want a fresh look without a full redesign? Our seasonal planting plans give tired beds and borders a new lease of life with a tested combination of bulbs, perennials and grasses.</p>" +
        "<p><strong>Each plan includes:</strong></p>" +
        "<ul><li>A planting layout for a 4 by 10 foot bed that you can repeat or scale</li><li>A plant list with easy substitutions for sun or part shade</li><li>A week-by-week planting and care timeline</li></ul>" +
        "<p>Choose <strong>Spring</strong> for bulbs and early colour, or <strong>Fall</strong> for late-season perennials and grasses. Delivered as a digital download straight after purchase.</p>",
      images: ["seasonal-planting-plan-1.jpg", "seasonal-planting-plan-2.jpg"],
      variants: [
        {
          sku: "PLAN-SPRING",
          attributes: { Season: "Spring" },
          requiresShipping: false,
          prices: { usd: 4995, cad: 6695 },
        },
        {
          sku: "PLAN-FALL",
          attributes: { Season: "Fall" },
          requiresShipping: false,
          prices: { usd: 4995, cad: 6695 },
        },
      ],
    },
  ],
  collections: [
    {
      handle: "design-services",
      title: "Design Services",
      description:
        "Personalised garden designs and ready-made seasonal planting plans from the Fernwood Garden Studio team.",
      productHandles: ["garden-design-consultation", "seasonal-planting-plan"],
    },
  ],
  pages: {
    homepage: {
      title: "Your Garden, Designed Around You",
      metaDescription:
        "Fernwood Garden Studio creates personalised garden designs based on your space, sunlight, style and the plants you love.",
      image: "/media/garden-studio/hero-garden.jpg",
      imageAlt: "A lush backyard garden at golden hour",
      "text-1":
        "<p>Every garden is different: the way the light falls, the soil underfoot, how much time you have to care for it. At Fernwood Garden Studio we design gardens around <strong>your</strong> space and <strong>your</strong> life. Tell us about your garden below and our designers will prepare a personalised plan for you.</p>",
      sections: [
        // The Garden Design Form, right below the introduction that asks for it.
        { widget: "garden-design-form" },
        {
          title: "We start by listening",
          subheading: "Your space, your style",
          subheadingColor: "#234f2b",
          image: "/media/garden-studio/home-listen.jpg",
          imageAlt: "A small courtyard garden with seating and climbing roses",
          content:
            "<p>Where is your garden, how big is it and how many hours of sun does it get? Do you dream of a tidy formal layout, a relaxed cottage garden or a wildlife haven? Your answers shape everything we draw.</p>",
          imgLeft: true,
        },
        {
          title: "A plan made just for you",
          subheading: "Drawn by a real designer",
          image: "/media/garden-studio/home-plan.jpg",
          imageAlt: "Botanical pattern of a hand-drawn planting plan",
          content:
            "<p>Your designer creates a scaled layout, chooses plants that suit your light, soil and maintenance level, and builds in the colours and plants you love, all within about ten business days.</p>",
          imgLeft: false,
        },
        {
          title: "Grow it your way",
          subheading: "Plant it yourself or hand it on",
          image: "/media/garden-studio/home-grow.jpg",
          imageAlt: "A vegetable garden with raised beds and herbs",
          content:
            "<p>Your plan comes as an easy-to-follow PDF with a plant list and care notes. Plant it over a few weekends, or share it with a local landscaper for a quick, accurate quote.</p>",
          imgLeft: true,
        },
        {
          title: "Plans and pricing",
          content:
            "<p>Choose a Basic or Premium design, or refresh an existing bed with a seasonal planting plan.</p>",
          button: "View Design Services",
          buttonLink: "/collections/design-services",
        },
        // The store's products, under the heading the page gives them.
        { widget: "products", title: "Design services" },
      ],
    },
    about: {
      title: "About Fernwood Garden Studio",
      metaDescription:
        "Meet the designers behind Fernwood Garden Studio and learn how we create gardens that are beautiful, practical and easy to love.",
      image: "/media/garden-studio/about-studio.jpg",
      imageAlt: "A greenhouse studio surrounded by wildflowers",
      "text-1":
        "<p>Fernwood Garden Studio was founded in 2017 by two friends, a landscape architect and a nursery grower, who kept hearing the same thing from neighbours: <em>I love gardens, I just do not know where to start.</em></p>",
      "text-2":
        "<p>Today our small team of designers works with homeowners across the US and Canada. We favour resilient, regionally suited plants, pollinator-friendly choices and layouts that are as easy to maintain as they are lovely to look at.</p>",
      "text-3":
        "<p>Whether you have a sunny balcony or half an acre, we would love to help you make the most of it.</p>",
    },
    contact: {
      title: "Contact Us",
      metaDescription:
        "Get in touch with Fernwood Garden Studio about garden design, planting plans or an existing order.",
      "text-1":
        "<p>Questions about our design services or an order in progress? We are happy to help.</p>",
      "text-2":
        '<p><strong>Email:</strong> <a href="mailto:studio@fernwoodgardens.com">studio@fernwoodgardens.com</a>. We reply within two business days.</p><p><strong>Phone:</strong> 1-888-555-0176, Tuesday to Saturday, 9 am to 4 pm Pacific.</p>',
      "text-3":
        "<p><strong>Studio:</strong> Fernwood Garden Studio, 88 Orchard Road, Portland, OR 97214, USA. Visits by appointment only.</p>",
    },
    faq: {
      title: "Frequently Asked Questions",
      metaDescription:
        "Answers to common questions about Fernwood Garden Studio design plans, timelines, revisions and what information we need.",
      sections: {
        "title-1": "How does the design process work?",
        "content-1":
          "<p>You tell us about your garden's location, size, sunlight, style and favourite plants. A designer reviews your answers, may email you a question or two, and then prepares your personalised plan.</p>",
        "title-2": "How long does it take?",
        "subheading-2": "About ten business days",
        "color-2": "#234f2b",
        "content-2":
          "<p>Most plans are delivered within 10 business days. In peak spring season it can take up to 15, and we will always let you know.</p>",
        "title-3": "Do I need to send photos or measurements?",
        "content-3":
          "<p>Approximate length and width in feet are enough to begin. Photos are welcome and help your designer, but they are optional.</p>",
        "title-4": "Can you design for shade or small spaces?",
        "content-4":
          "<p>Absolutely. Shady side yards, balconies and tiny courtyards are some of our favourite projects.</p>",
        "title-5": "Do you install the garden?",
        "content-5":
          "<p>We are a design studio, so we do not install. Your plan is detailed enough to plant yourself or to share with a local landscaper.</p>",
        "title-6": "What if I want changes?",
        "content-6":
          "<p>Basic plans include one round of revisions and Premium plans include two. Just reply to your designer's email with your notes.</p>",
      },
    },
    "policies/privacy-policy": {
      title: "Privacy Policy",
      metaDescription:
        "How Fernwood Garden Studio collects, uses and protects the personal and garden information you share with us.",
      textAlign: "left",
      "text-1":
        "<p>This policy explains what information Fernwood Garden Studio collects and how we use it. We collect only what we need to design your garden and run our studio.</p>",
      "text-2":
        "<ul><li><strong>What we collect:</strong> your name, email address, zip or postal code, garden details and preferences, order history and messages you send us.</li><li><strong>How we use it:</strong> to prepare your design, deliver your plan, answer your questions and improve our services.</li><li><strong>Sharing:</strong> we never sell your information. We share it only with the service providers that help us run the studio, such as our payment processor.</li></ul>",
      "text-3":
        '<p>You may ask to see, correct or delete your information at any time by emailing <a href="mailto:privacy@fernwoodgardens.com">privacy@fernwoodgardens.com</a>.</p>',
      "text-4":
        "<p><strong>What we record about your visit:</strong> the pages and products you view, what you search for, what you add to your cart, where your visit came from (a link's campaign tags or the site that sent you) and the country your connection comes from. Fernwood Garden Studio uses it to see what shoppers look for and to improve the store. If your browser sends the Global Privacy Control signal, we record none of this, and we record nothing until you agree to it in the banner shown on your first visit.</p>",
      "text-5":
        "<p><strong>Cart reminders:</strong> if you leave something in your cart and we know your email (you are signed in, or you typed it at checkout), we send you one reminder an hour later with a link that puts your cart back. Every reminder has a link to stop them. We keep the record of a visit for 180 days, then delete it.</p>",
    },
    "policies/refund-policy": {
      title: "Refund Policy",
      metaDescription:
        "Refunds and cancellations for Fernwood Garden Studio design services and seasonal planting plans.",
      textAlign: "left",
      "text-1":
        "<p>We want you to love your garden plan. If something is not right, please tell us and we will work with you to fix it.</p>",
      "text-2":
        "<ul><li><strong>Before work begins:</strong> cancel a design order for a full refund until your designer starts on your plan.</li><li><strong>After delivery:</strong> if you are unhappy after your included revisions, contact us within 14 days for a 50% refund.</li><li><strong>Seasonal planting plans:</strong> as digital downloads, these are non-refundable once downloaded, but we are glad to answer questions about them.</li></ul>",
      "text-3":
        '<p>To request a refund, email <a href="mailto:studio@fernwoodgardens.com">studio@fernwoodgardens.com</a> with your order number.</p>',
    },
    "policies/shipping-policy": {
      title: "Shipping Policy",
      metaDescription:
        "How Fernwood Garden Studio delivers garden design plans and seasonal planting plans: digital delivery, no shipping fees.",
      textAlign: "left",
      "text-1":
        "<p>All of our products are delivered digitally, so there are no shipping fees and no waiting for the mail.</p>",
      "text-2":
        "<ul><li><strong>Personalised garden designs:</strong> emailed as a printable PDF within 10 business days of receiving your garden details (up to 15 in peak spring season).</li><li><strong>Seasonal planting plans:</strong> available to download straight after purchase and emailed to you as a backup.</li></ul>",
      "text-3":
        "<p>Would you like a printed copy of your design? Ask us and we will mail one within the US or Canada for a small printing fee.</p>",
    },
    "policies/terms-of-service": {
      title: "Terms of Service",
      metaDescription:
        "The terms that apply when you use the Fernwood Garden Studio website and order garden design services or planting plans.",
      textAlign: "left",
      "text-1": "<p>By using this website or placing an order, you agree to these terms.</p>",
      "text-2":
        "<ul><li><strong>Designs:</strong> plans are based on the information you provide. Please check local rules, utility lines and property boundaries before digging.</li><li><strong>Use of plans:</strong> your plan is for your own garden. You may share it with contractors working on your property, but not resell it.</li><li><strong>Plants:</strong> plant availability, growth and hardiness vary by region and season, and we cannot guarantee specific results.</li><li><strong>Pricing:</strong> prices are shown in US or Canadian dollars and may change, but never for an order you have already placed.</li></ul>",
      "text-3":
        '<p>These terms are governed by the laws of the State of Oregon. Questions? <a href="/pages/contact">Contact us</a>.</p>',
    },
  },
  chatbot: {
    chatbotLogo: "/media/garden-studio/logo.jpg",
    backgroundColor: "#ffffff",
    headerBackgroundColor: "#2f6b3a",
    headerTextColor: "#ffffff",
    inputControlsColor: "#2f6b3a",
    userTextColor: "#ffffff",
    userMessageColor: "#2f6b3a",
    botTextColor: "#1f2a1c",
    botMessageColor: "#eef3e8",
    chatbotHeaderText: "Garden Design Help",
    quickActionMessages: [
      {
        id: "how-it-works",
        label: "How does it work?",
        message: "How does the personalised garden design service work?",
      },
      {
        id: "pricing",
        label: "Plans & pricing",
        message: "What is the difference between the Basic and Premium plans?",
      },
      {
        id: "timeline",
        label: "How long does it take?",
        message: "How long will it take to receive my garden design?",
      },
      { id: "track-order", label: "Track my order", message: "Can you help me check on my order?" },
    ],
  },
  accounts: [
    {
      // The store owner's account: userType admin (moderates reviews, reads design requests).
      email: "admin@fernwood.test",
      password: "Store-Owner-Demo-2026",
      firstName: "Fernwood",
      lastName: "Owner",
      userType: "admin",
      pointsBalance: 0,
      discountCode: "FERNOWNER",
    },
  ],
  reviews: gardenReviews,
};
