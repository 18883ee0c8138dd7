// §14 of docs/BENCHMARKS.md: Lighthouse on the pages a shopper browses by
// (issue 41, item 7): a category sorted and filtered, a search sorted and
// filtered, and a product's page with its "more like this" carousel, on a
// freshly started shop with the demo catalogue; beside them the same
// category's plain listing, so a view's cost is read against its plain page
// measured on the same machine in the same run.
import { lighthouseRuns } from "./lighthouse.mjs";

/** The pages measured: `demo` is the demo catalogue (its first product's page shows "more like this"). */
export function browsePages(demo) {
  return [
    // The reference measured in the same run: the same category unsorted and unfiltered (§2 measures its like).
    { label: "plain listing", path: "/sport" },
    { label: "filtered listing", path: "/sport?sort=price-asc&min=5&max=100&stock=in" },
    { label: "search view", path: `/search?q=${encodeURIComponent(demo[0].name.split(" ")[0])}&sort=price-asc&stock=in` },
    { label: "product with more like this", path: `/details-page/${demo[0].id}` },
  ];
}

/** The rows of lighthouseRuns for those pages. */
export function browsePagesLighthouse(baseURL, demo, options) {
  return lighthouseRuns(baseURL, browsePages(demo), options);
}
