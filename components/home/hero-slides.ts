/**
 * The banners (public/hero, drawn by scripts/images/heroes.mjs) and each one's
 * call to action: a real link laid over the banner where its headline leaves
 * room, in the banner's own colours (`ink` on `fill`).
 */
export const HERO_SLIDES = [
  {
    src: "/hero/hero-1.webp",
    alt: "Seasonal sale: up to 40% off summer favourites. Deals across electronics, accessories and sport.",
    cta: "Shop the sale",
    // The banner's summer favourites are accessories (sunglasses, a cap).
    href: "/accessories",
    fill: "#2b1a12",
    ink: "#ffffff",
  },
  {
    src: "/hero/hero-2.webp",
    alt: "Just landed: new in Electronics. The latest headphones, phones and wearables.",
    cta: "Explore tech",
    href: "/electronics",
    fill: "#ffffff",
    ink: "#1b1f4b",
  },
  {
    src: "/hero/hero-3.webp",
    alt: "Accessories: finishing touches for every day. Bags, watches and eyewear made to last.",
    cta: "Shop accessories",
    href: "/accessories",
    fill: "#3b2418",
    ink: "#ffffff",
  },
  {
    src: "/hero/hero-4.webp",
    alt: "Sport: gear up for the season. Fitness essentials for home, court and trail.",
    cta: "Shop sport",
    // Sport has no category page of its own: its search page lists the type.
    href: "/search/sport",
    fill: "#ffffff",
    ink: "#0f5f58",
  },
];
