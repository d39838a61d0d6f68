// What our clients in this folder share: reading the hall's compact patches
// (protocol/README.md, "Compact patches") and applying patches to a view.

// A decoder of the hall's messages in compact form, with the string table the hall
// serves at GET /api/strings.json (`table`: its {id, strings}).
export function compactDecoder(msgpack, table) {
  const named = (i) => {
    const s = table.strings[i];
    if (s === undefined) throw new Error(`no string ${i}`);
    return s;
  };
  const codec = new msgpack.ExtensionCodec();
  // A decoder of its own for each records extension: the library decodes an extension
  // met mid-decode with a copy of the decoder that forgets mapKeyConverter.
  const fresh = () => new msgpack.Decoder({ extensionCodec: codec, mapKeyConverter: (k) => (typeof k === "number" ? named(k) : k) });
  const decoder = fresh();
  codec.register({ type: 1, encode: () => null, decode: (d) => named(d.reduce((n, b) => n * 256 + b, 0)) });
  codec.register({
    type: 2,
    encode: () => null,
    decode: (d) => {
      const [keys, ...rows] = fresh().decode(d);
      const names = keys.map((k) => (typeof k === "number" ? named(k) : k));
      return rows.map((row) => Object.fromEntries(names.map((n, i) => [n, row[i]])));
    },
  });
  const codes = ["s", "d", "a"];
  return (raw) => {
    const tree = decoder.decode(raw);
    if (!Array.isArray(tree)) return tree;
    const [room, v, flat] = tree;
    const ops = [];
    for (let i = 0; i < flat.length; ) {
      const name = codes[flat[i]];
      const steps = Array.isArray(flat[i + 1]) ? flat[i + 1] : [flat[i + 1]];
      const op = [name, steps.map((p) => (typeof p === "number" && p < 0 ? named(-1 - p) : p))];
      i += 2;
      if (name !== "d") op.push(flat[i++]);
      ops.push(op);
    }
    return { t: "patch", room, v, ops };
  };
}

// A patch's ops applied to a view (changed in place where it can be); the new view.
export function applyOps(view, ops) {
  for (const op of ops) {
    const [kind, path] = op;
    if (path.length === 0) {
      if (kind === "s") view = op[2];
      continue;
    }
    let parent = view;
    for (let i = 0; i < path.length - 1; i++) parent = parent[path[i]];
    const last = path[path.length - 1];
    if (kind === "s") parent[last] = op[2];
    else if (kind === "d") {
      if (Array.isArray(parent)) parent.splice(last, 1);
      else delete parent[last];
    } else if (kind === "a") {
      const target = parent[last];
      for (const v of op[2]) target.push(v);
    }
  }
  return view;
}
