// The patch format of protocol/README.md, applied copy-on-write: the input
// tree is never changed, and every subtree off the patched paths keeps its
// identity, so memoised components redraw only what a move touched.

export type Tree = unknown;
export type Path = (string | number)[];
export type Op = ["s", Path, unknown] | ["d", Path] | ["a", Path, unknown[]];

export class PatchError extends Error {}

type Container = Record<string, unknown> | unknown[];

function isMap(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function hasKey(node: unknown, key: string | number): boolean {
  if (Array.isArray(node)) {
    return typeof key === "number" && Number.isInteger(key) && key >= 0 && key < node.length;
  }
  return isMap(node) && typeof key === "string" && Object.prototype.hasOwnProperty.call(node, key);
}

function shallowCopy(node: Container): Container {
  return Array.isArray(node) ? node.slice() : { ...node };
}

/** Copy the containers along `path` (root included) and return the copied root and
 * the copy of the container at `path`. `copied` remembers what this patch already
 * copied, so a patch of many ops copies each container at most once. */
function copyPath(root: unknown, path: Path, copied: Set<unknown>): [Container, Container] {
  if (!Array.isArray(root) && !isMap(root)) throw new PatchError(`no such path ${JSON.stringify(path)}`);
  const newRoot = copied.has(root) ? (root as Container) : shallowCopy(root);
  copied.add(newRoot);
  let node: Container = newRoot;
  for (const key of path) {
    if (!hasKey(node, key)) throw new PatchError(`no such path ${JSON.stringify(path)}`);
    const child = (node as Record<string | number, unknown>)[key];
    if (!Array.isArray(child) && !isMap(child)) throw new PatchError(`no such path ${JSON.stringify(path)}`);
    const copy = copied.has(child) ? (child as Container) : shallowCopy(child);
    copied.add(copy);
    (node as Record<string | number, unknown>)[key] = copy;
    node = copy;
  }
  return [newRoot, node];
}

/** Apply `ops` in order and return the new root; throws PatchError when an op does
 * not fit the tree (the caller then asks the server for a fresh snapshot). */
export function applyPatch(tree: Tree, ops: unknown[]): Tree {
  const copied = new Set<unknown>();
  let root = tree;
  for (const raw of ops) {
    if (!Array.isArray(raw) || raw.length < 2 || !["s", "d", "a"].includes(raw[0] as string)) {
      throw new PatchError(`not an op: ${JSON.stringify(raw)}`);
    }
    const kind = raw[0] as string;
    const path = raw[1];
    if (!Array.isArray(path)) throw new PatchError(`op without a path: ${JSON.stringify(raw)}`);
    if (kind === "s") {
      if (raw.length !== 3) throw new PatchError(`set needs a value: ${JSON.stringify(raw)}`);
      if (path.length === 0) {
        root = raw[2];
        continue;
      }
      const key = path[path.length - 1] as string | number;
      const [newRoot, parent] = copyPath(root, path.slice(0, -1), copied);
      const ok = Array.isArray(parent) ? hasKey(parent, key) : typeof key === "string";
      if (!ok) throw new PatchError(`cannot set ${JSON.stringify(path)}`);
      (parent as Record<string | number, unknown>)[key] = raw[2];
      root = newRoot;
    } else if (kind === "d") {
      if (path.length === 0) throw new PatchError("cannot delete the root");
      const key = path[path.length - 1] as string | number;
      const [newRoot, parent] = copyPath(root, path.slice(0, -1), copied);
      if (!hasKey(parent, key)) throw new PatchError(`cannot delete ${JSON.stringify(path)}`);
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      root = newRoot;
    } else {
      if (raw.length !== 3 || !Array.isArray(raw[2])) throw new PatchError(`cannot append at ${JSON.stringify(path)}`);
      const [newRoot, target] = copyPath(root, path, copied);
      if (!Array.isArray(target)) throw new PatchError(`cannot append at ${JSON.stringify(path)}`);
      target.push(...(raw[2] as unknown[]));
      root = newRoot;
    }
  }
  return root;
}
