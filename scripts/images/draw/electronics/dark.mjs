// The near-black of electronics' plastics, cushions, grips and cables.
export const DARK = "#1f2433";
