// What grew between two heap snapshots of one process (the soak writes them
// with --heap): every node grouped by its type and name (an object's
// constructor, a closure's function, "(string)" for all strings), the groups
// whose bytes grew the most listed first, and for the largest
// growths who holds them (the names of the nodes with an edge to them that
// the later snapshot has and the earlier does not).
//
//   node --max-old-space-size=4096 bench/heap-diff.mjs EARLIER.heapsnapshot LATER.heapsnapshot [rows=25] [--path GROUP]
//
// --path GROUP (e.g. object:ServerResponse): for three nodes of that group
// new in the later snapshot, the shortest chain of references that keeps
// each alive, from a root (each link: the holder's group and the edge's name).
import { readFileSync } from "node:fs";

const pathOf = process.argv.includes("--path") ? process.argv[process.argv.indexOf("--path") + 1] : null;
const [earlierFile, laterFile, rowsArg] = process.argv.slice(2).filter((arg, i, all) => arg !== "--path" && all[i - 1] !== "--path");
if (!earlierFile || !laterFile) {
  console.error(
    "usage: node --max-old-space-size=4096 bench/heap-diff.mjs EARLIER.heapsnapshot LATER.heapsnapshot [rows=25] [--path GROUP]",
  );
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
  const edgeName = (e) => {
    const type = edgeTypes[edges[e + edgeAt.type]];
    const nameOrIndex = edges[e + edgeAt.name_or_index];
    return type === "element" || type === "hidden" ? `[${nameOrIndex}]` : strings[nameOrIndex];
  };
  /** The nodes with an edge to each node, and that edge (weak edges left out: they keep nothing). */
  const holders = () => {
    const byTarget = new Map();
    for (let n = 0; n < count; n += 1) {
      for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
        if (edgeTypes[edges[e + edgeAt.type]] === "weak") continue;
        const target = edges[e + edgeAt.to_node] / nodeWidth;
        const list = byTarget.get(target);
        if (list) list.push([n, e]);
        else byTarget.set(target, [[n, e]]);
      }
    }
    return byTarget;
  };
  /** Each node's distance in strong references from the root (node 0). */
  const distances = () => {
    const distance = new Int32Array(count).fill(-1);
    distance[0] = 0;
    let frontier = [0];
    while (frontier.length > 0) {
      const next = [];
      for (const n of frontier) {
        for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += edgeWidth) {
          if (edgeTypes[edges[e + edgeAt.type]] === "weak") continue;
          const target = edges[e + edgeAt.to_node] / nodeWidth;
          if (distance[target] !== -1) continue;
          distance[target] = distance[n] + 1;
          next.push(target);
        }
      }
      frontier = next;
    }
    return distance;
  };
  return { count, group, ids, selfSize, holders, distances, edgeName };
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
    for (const [holder] of holders.get(n) ?? []) heldBy.set(later.group[holder], (heldBy.get(later.group[holder]) ?? 0) + 1);
  }
  const top = [...heldBy].sort((x, y) => y[1] - x[1]).slice(0, 6);
  console.log(`\nnew ${row.name} held by: ${top.map(([name, n]) => `${name} ×${n}`).join(", ")}`);
}

if (pathOf) {
  const distance = later.distances();
  const fresh = [];
  for (let n = 0; n < later.count && fresh.length < 3; n += 1) {
    if (later.group[n] === pathOf && !earlierIds.has(later.ids[n]) && distance[n] > 0) fresh.push(n);
  }
  for (const start of fresh) {
    const chain = [];
    for (let n = start; n !== 0 && chain.length < 60;) {
      const [holder, edge] = (holders.get(n) ?? [])
        .filter(([h]) => distance[h] >= 0 && distance[h] < distance[n])
        .sort((x, y) => distance[x[0]] - distance[y[0]])[0] ?? [0, -1];
      chain.push(`${later.group[holder]} .${edge < 0 ? "?" : later.edgeName(edge)}`);
      n = holder;
    }
    console.log(`\nwhat keeps a new ${pathOf} (id ${later.ids[start]}), from it to the root:\n  ${chain.join("\n  ")}`);
  }
}
