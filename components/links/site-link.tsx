import Link from "next/link";
import type { ComponentProps } from "react";
import type { LinkPrefetch } from "@/lib/site-links";
import { IntentLink } from "./intent-link";

/** A link of the header or the footer, prefetched as lib/site-links.ts says of it (on intent when unsaid). */
export function SiteLink({
  prefetch = "on-intent",
  ...props
}: Omit<ComponentProps<typeof Link>, "prefetch"> & { prefetch?: LinkPrefetch }) {
  if (prefetch === "never") return <Link {...props} prefetch={false} />;
  return <IntentLink {...props} />;
}
