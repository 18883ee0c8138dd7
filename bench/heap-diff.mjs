// What grew between two heap snapshots of one process (the soak writes them
// with --heap): every node grouped by its type and name (an object's
// constructor, a closure's function, "(string)" for all strings), the groups
// whose count or bytes grew the most listed first, and for the largest
// growths who holds them (the names of the nodes with an edge to them that
// the later snapshot has and the earlier does not).
//
//   node --max-old-space-size=4096 bench/heap-diff.mjs EARLIER.heapsnapshot LATER.heapsnapshot [rows=25]
import { readFileSync } from "node:fs";

const [earlierFile, laterFile, rowsArg] = process.argv.slice(2);
if (!earlierFile || !laterFile) {
  console.error("usage: node --max-old-space-size=4096 bench/heap-diff.mjs EARLIER.heapsnapshot LATER.heapsnapshot [rows=25]");
  process.exit(2);
}
const ROWS = Number(rowsArg ?? 25);

/** A snapshot's nodes as parallel arrays, with each node's group and its ids. */
function load(file) {
  const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, "utf8"));
  const {
    node_fields: nodeFields,
    node_types: [nodeTypes],
    edge_fields: edgeFields,
    edge_types: [edgeTypes],
  } = snapshot.meta;
  const nodeWidth = nodeFields.length;
  const edgeWidth = edgeFields.length;
  const at = Object.fromEntries(nodeFields.map((field, i) => [field, i]));
  const edgeAt = Object.fromEntries(edgeFields.map((field, i) => [field, i]));
  const count = nodes.length / nodeWidth;
  const group = new Array(count);
  const ids = new Float64Array(count);
  const selfSize = new Float64Array(count);
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, edge = 0; n < count; n += 1) {
    const base = n * nodeWidth;
    const type = nodeTypes[nodes[base + at.type]];
    const name = strings[nodes[base + at.name]];
    group[n] =
      type === "string" || type === "concatenated string" || type === "sliced string" ? "(string)" : `${type}:${name.slice(0, 80)}`;
    ids[n] = nodes[base + at.id];
    selfSize[n] = nodes[base + at.self_size];
    firstEdge[n] = edge;
    edge += nodes[base + at.edge_count] * edgeWidth;
    firstEdge[n + 1] = edge;
  }
  /** The nodes with an edge to each node (weak edges left out: they keep nothing). */
  const holders = () => {
    const byTarget = new Map();
    for (let n = 0; n < count; n += 1) {
      for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
        if (edgeTypes[edges[e + edgeAt.type]] === "weak") continue;
        const target = edges[e + edgeAt.to_node] / nodeWidth;
        const list = byTarget.get(target);
        if (list) list.push(n);
        else byTarget.set(target, [n]);
      }
    }
    return byTarget;
  };
  return { count, group, ids, selfSize, holders };
}

function byGroup({ count, group, selfSize }) {
  const groups = new Map();
  for (let n = 0; n < count; n += 1) {
    const entry = groups.get(group[n]) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += selfSize[n];
    groups.set(group[n], entry);
  }
  return groups;
}

const earlier = load(earlierFile);
const later = load(laterFile);
const [before, after] = [byGroup(earlier), byGroup(later)];
const growth = [...after]
  .map(([name, { count, bytes }]) => ({
    name,
    count: count - (before.get(name)?.count ?? 0),
    bytes: bytes - (before.get(name)?.bytes ?? 0),
    countAfter: count,
  }))
  .filter((row) => row.bytes > 0 || row.count > 0)
  .sort((x, y) => y.bytes - x.bytes);

const total = (snapshot) => snapshot.selfSize.reduce((sum, size) => sum + size, 0);
console.log(
  `nodes ${earlier.count} → ${later.count}; self sizes ${(total(earlier) / 1e6).toFixed(1)} → ${(total(later) / 1e6).toFixed(1)} MB`,
);
console.log("\ngrowth by type:name (bytes, count, count after)");
for (const row of growth.slice(0, ROWS)) {
  console.log(
    `${(row.bytes / 1e3).toFixed(0).padStart(9)} kB ${String(row.count).padStart(8)} ${String(row.countAfter).padStart(8)}  ${row.name}`,
  );
}

// Who holds the new nodes of the largest groups: nodes present only in the later snapshot, grouped by their holders.
const earlierIds = new Set(earlier.ids);
const holders = later.holders();
for (const row of growth.slice(0, 5)) {
  const heldBy = new Map();
  for (let n = 0; n < later.count; n += 1) {
    if (later.group[n] !== row.name || earlierIds.has(later.ids[n])) continue;
    for (const holder of holders.get(n) ?? []) heldBy.set(later.group[holder], (heldBy.get(later.group[holder]) ?? 0) + 1);
  }
  const top = [...heldBy].sort((x, y) => y[1] - x[1]).slice(0, 6);
  console.log(`\nnew ${row.name} held by: ${top.map(([name, n]) => `${name} ×${n}`).join(", ")}`);
}
