import Link from "next/link";
import type { ComponentProps } from "react";
import type { LinkPrefetch } from "@/lib/site-links";
import { IntentLink } from "./intent-link";

/** A link of the header or the footer, prefetched as lib/site-links.ts says of it (on sight when unsaid). */
export function SiteLink({ prefetch, ...props }: Omit<ComponentProps<typeof Link>, "prefetch"> & { prefetch?: LinkPrefetch }) {
  if (prefetch === "on-intent") return <IntentLink {...props} />;
  return <Link {...props} prefetch={prefetch === "never" ? false : undefined} />;
}
