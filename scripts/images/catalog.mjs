// Art direction per product id: which drawing to use and its colours.
// `bg` is the hue the pastel backdrop is derived from; the rest is passed to
// the drawing function as its palette.

export const HUES = {
  blue: "#4d7cfe",
  violet: "#8b5cf6",
  pink: "#f472b6",
  coral: "#ff7a59",
  amber: "#f5a524",
  mint: "#22c55e",
  teal: "#14b8a6",
  sky: "#38bdf8",
  lime: "#84cc16",
  rose: "#fb7185",
  sand: "#d4a373",
  slate: "#64748b",
};

export const ART = {
  // ---------- Electronics ----------
  "aurora-anc-headphones": { draw: "headphones", bg: "rose", main: "#2b2f3f", accent: "#ff6b81" },
  "pulse-fit-smartwatch": { draw: "smartwatch", bg: "coral", main: "#3a3f55", accent: "#ff7a59" },
  "nimbus-14-ultrabook": { draw: "laptop", bg: "violet", main: "#c3c9d6", accent: "#8b5cf6", accent2: "#ec4899" },
  "airlet-pro-wireless-earbuds": { draw: "earbuds", scale: 1.15, bg: "sky", main: "#ffffff", accent: "#38bdf8" },
  "lumen-x20-mirrorless-camera": { draw: "camera", bg: "amber", main: "#c9ced9", accent: "#4361ee" },
  "vertex-6-smartphone": { draw: "phone", bg: "blue", main: "#3b4a6b", accent: "#22d3ee", accent2: "#4d5bff" },
  "boomtube-portable-speaker": { draw: "speaker", bg: "teal", main: "#1f2433", accent: "#14b8a6" },
  "clicktide-mechanical-keyboard": { draw: "keyboard", bg: "pink", main: "#f1e9df", accent: "#f472b6", key: "#fbf7f0" },
  "slate-11-tablet-with-pen": { draw: "tablet", bg: "mint", main: "#a7afbf", accent: "#a78bfa" },
  "arcadeone-wireless-controller": { draw: "controller", bg: "violet", main: "#2f3447", accent: "#a78bfa" },
  "skylark-mini-4k-drone": { draw: "drone", scale: 1.08, bg: "sky", main: "#d7dce6", accent: "#0ea5e9" },
  "vista-27-qhd-monitor": { draw: "monitor", bg: "coral", main: "#c3c9d6", accent: "#ff8a65" },
  "glide-silent-wireless-mouse": { draw: "mouse", bg: "lime", main: "#3a3f55", accent: "#a3e635" },
  "groove-belt-drive-turntable": { draw: "turntable", bg: "amber", main: "#3a3f55", accent: "#ef4444", wood: "#b9835a" },

  // ---------- Accessories ----------
  "coastline-polarized-sunglasses": { draw: "sunglasses", scale: 1.3, bg: "sky", main: "#3b2f2f", accent: "#0ea5e9" },
  "trailpack-22l-daypack": { draw: "backpack", bg: "amber", main: "#335c67", accent: "#f5a524" },
  "meridian-automatic-watch": { draw: "watch", bg: "sand", main: "#d9dde6", accent: "#1f4e79", strap: "#8b5a3c", hand: "#ff7a59" },
  "heritage-leather-card-wallet": { draw: "wallet", bg: "teal", main: "#8b5a3c", accent: "#14b8a6", accent2: "#f5a524" },
  "market-canvas-tote": { draw: "tote", bg: "lime", main: "#efe6d2", accent: "#2a9d8f", accent2: "#ff7a59" },
  "everyday-six-panel-cap": { draw: "cap", bg: "blue", main: "#2f4a7d", accent: "#ff7a59" },
  "stormshield-compact-umbrella": { draw: "umbrella", bg: "violet", main: "#2b2d42", accent: "#8b5cf6", accent2: "#fbbf24" },
  "thermo-steel-travel-flask": { draw: "flask", bg: "mint", main: "#c9ced9", accent: "#10b981" },
  "alpine-knit-beanie": { draw: "beanie", bg: "rose", main: "#c2410c", accent: "#fde68a" },
  "saddle-leather-belt": { draw: "belt", bg: "sand", main: "#7a4a2b", metal: "#c9a35e", accent: "#c9a35e" },

  // ---------- Books ----------
  "the-quiet-algorithm": {
    draw: "book", bg: "blue", accent: "#4d7cfe", motif: "circuit", bg1: "#1e2a4a", bg2: "#10182e", ink: "#7dd3fc",
    title: ["The Quiet", "Algorithm"], author: "Mara Ellison", titleColor: "#ffffff", ribbon: "#7dd3fc",
  },
  "salt-and-ember-cookbook": {
    draw: "book", bg: "coral", accent: "#ff7a59", motif: "flame", bg1: "#2b2b2b", bg2: "#1a1a1a", ink: "#ff7a3d", accent2: "#ffd166",
    title: ["Salt &", "Ember"], subtitle: "FIRE COOKING AT HOME", author: "Tomas Reyes", titleColor: "#fff6e8", serif: true,
  },
  "northbound-travel-memoir": {
    draw: "book", bg: "teal", accent: "#14b8a6", motif: "mountains", bg1: "#bfe9e1", bg2: "#8fd3c7", ink: "#134e4a", accent2: "#ff8a5b",
    title: ["Northbound"], author: "Ingrid Sole", titleSize: 36, serif: true,
  },
  "tidewater-novel": {
    draw: "book", bg: "sky", accent: "#38bdf8", motif: "waves", bg1: "#f3efe6", bg2: "#e6dfd0", ink: "#1d4e89", accent2: "#f4a259",
    title: ["Tidewater"], author: "Celia Marsh", titleSize: 44, serif: true, layout: "bottom", ribbon: "#f4a259",
  },
  "clean-interfaces-guide": {
    draw: "book", bg: "pink", accent: "#f472b6", motif: "grid", bg1: "#fdfcfb", bg2: "#efe9f3", ink: "#2b2d42", accent2: "#f472b6", accent3: "#60a5fa",
    title: ["Clean", "Interfaces"], subtitle: "A DESIGN HANDBOOK", author: "Jonah Pike",
  },
  "green-rooms-houseplant-guide": {
    draw: "book", bg: "mint", accent: "#22c55e", motif: "leaf", bg1: "#f6f1e7", bg2: "#e8dfcc", ink: "#166534", accent2: "#e07a5f",
    title: ["Green", "Rooms"], author: "Priya Okafor", titleSize: 46, serif: true,
  },
  "starfall-academy": {
    draw: "book", bg: "violet", accent: "#8b5cf6", motif: "night", bg1: "#3b2a74", bg2: "#1c1440", ink: "#120b2e", accent2: "#fcd34d",
    title: ["Starfall", "Academy"], author: "L. M. Hart", authorColor: "#fcd34d", titleColor: "#fcd34d", layout: "bottom", serif: true,
  },
  "mindful-money-handbook": {
    draw: "book", bg: "lime", accent: "#84cc16", motif: "money", bg1: "#d9f99d", bg2: "#bef264", ink: "#1a2e05", accent2: "#f5a524",
    title: ["Mindful", "Money"], author: "Dana Whitfield", titleSize: 44,
  },
  "orbit-sci-fi-novel": {
    draw: "book", bg: "slate", accent: "#64748b", motif: "planet", bg1: "#1f2937", bg2: "#0b1020", ink: "#f472b6", accent2: "#fb923c",
    title: ["ORBIT"], author: "Kaito Brennan", titleColor: "#ffffff", titleSize: 56, layout: "bottom",
  },
  "the-slow-morning-coffee-book": {
    draw: "book", bg: "sand", accent: "#d4a373", motif: "coffee", bg1: "#fbe8d3", bg2: "#f2d0a9", ink: "#6b3e26", accent2: "#e9c9a2",
    title: ["The Slow", "Morning"], author: "Elena Voss", serif: true, ribbon: "#6b3e26",
  },
  "little-fox-finds-home": {
    draw: "book", bg: "amber", accent: "#f5a524", motif: "fox", bg1: "#fff3c4", bg2: "#ffe08a", ink: "#e8641b", accent2: "#2a9d8f",
    title: ["Little Fox", "Finds Home"], author: "Poppy Lane", titleSize: 36,
  },
  "the-long-run-training-book": {
    draw: "book", bg: "rose", accent: "#fb7185", motif: "track", bg1: "#ef4444", bg2: "#b91c1c", ink: "#7f1d1d", accent2: "#fde68a",
    title: ["THE LONG", "RUN"], author: "Coach Sam Idris", authorColor: "#ffffff", titleColor: "#ffffff", titleSize: 46, layout: "bottom",
  },

  // ---------- Sport ----------
  "stride-daily-running-shoes": { draw: "shoe", bg: "mint", main: "#334155", accent: "#34d399", accent2: "#f97316" },
  "striker-pro-match-ball": { draw: "soccer", bg: "lime", main: "#1f2937", accent: "#22c55e" },
  "flowgrip-yoga-mat": { draw: "yogaMat", bg: "violet", main: "#2b2d42", accent: "#a78bfa", strap: "#3b3157" },
  "ace-carbon-tennis-racket": { draw: "racket", bg: "teal", main: "#1e3a5f", accent: "#14b8a6" },
  "hexgrip-dumbbell-pair": { draw: "dumbbells", bg: "slate", main: "#2b2f3f", accent: "#ff6b6b", label: "10" },
  "courtside-basketball": { draw: "basketball", bg: "coral", main: "#2b2d42", accent: "#f3722c", ink: "#3b1d0e", brand: "COURTSIDE" },
  "ironbell-cast-kettlebell": { draw: "kettlebell", bg: "amber", main: "#2b2f3f", accent: "#f5a524", label: "16 KG" },
  "aerolite-cycling-helmet": { draw: "helmet", bg: "sky", main: "#f8fafc", accent: "#0ea5e9" },
  "knockout-training-gloves": { draw: "gloves", bg: "rose", main: "#2b2d42", accent: "#ef4444", accent2: "#3b4256" },
  "sunset-cruiser-skateboard": { draw: "skateboard", bg: "pink", main: "#7c3aed", accent: "#f472b6" },
  "speedline-jump-rope": { draw: "jumpRope", bg: "blue", main: "#1f2937", accent: "#4d7cfe" },
  "hydroflow-squeeze-bottle": { draw: "bottle", bg: "teal", main: "#1f2937", accent: "#e2f3f1", water: "#22d3ee" },
};
