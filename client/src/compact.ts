// Decoding the server's frames, compact patches included (protocol/README.md,
// "Compact patches"). A compact patch is the array [room, v, ops] (plain messages are
// maps), its ops one flat array of code, path (one step bare) and value (none for a
// delete), with integer codes, path steps of the string table as negative integers,
// and in values the table's keys as integers, its strings as extension type 1 and
// lists of same-keyed maps as extension type 2. Decoding gives exactly the plain
// message; plain frames decode as themselves.

import { Decoder, ExtensionCodec } from "@msgpack/msgpack";
import { STRINGS } from "./strings.gen";

const STRING = 1;
const RECORDS = 2;

function named(index: number): string {
  const s = STRINGS[index];
  if (s === undefined) throw new Error(`no string ${index} in the table`);
  return s;
}

function indexOf(data: Uint8Array): number {
  let n = 0;
  for (const byte of data) n = n * 256 + byte;
  return n;
}

const codec = new ExtensionCodec();

function mapKey(key: unknown): string | number {
  if (typeof key === "number") return named(key);
  if (typeof key === "string") return key;
  throw new Error("a map key must be a string or an index");
}

// One decoder per depth of records within records: the library decodes an extension
// met during a decode with a copy of its decoder that forgets `mapKeyConverter`
// (@msgpack/msgpack 3.1), so each depth gets a decoder that is not already running.
const decoders: Decoder[] = [];
let depth = 0;

function decodeHere(data: Uint8Array): unknown {
  const decoder = (decoders[depth] ??= new Decoder({ extensionCodec: codec, mapKeyConverter: mapKey }));
  depth += 1;
  try {
    return decoder.decode(data);
  } finally {
    depth -= 1;
  }
}

codec.register({
  type: STRING,
  encode: () => null,
  decode: (data: Uint8Array) => named(indexOf(data)),
});

codec.register({
  type: RECORDS,
  encode: () => null,
  decode: (data: Uint8Array) => {
    const [keys, ...rows] = decodeHere(data) as unknown[][];
    const names = (keys as (string | number)[]).map((k) => (typeof k === "number" ? named(k) : k));
    return rows.map((row) => {
      const out: Record<string, unknown> = {};
      names.forEach((name, i) => {
        out[name] = row[i];
      });
      return out;
    });
  },
});

const CODES = ["s", "d", "a"];

/** One binary frame of the server, plain or compact, as the plain message. */
export function decodeFrame(data: Uint8Array): unknown {
  const tree = decodeHere(data);
  if (!Array.isArray(tree)) return tree;
  const [room, v, flat] = tree as [string, number, unknown[]];
  const ops: unknown[][] = [];
  for (let i = 0; i < flat.length; ) {
    const name = CODES[flat[i] as number];
    if (name === undefined) throw new Error(`no op code ${String(flat[i])}`);
    const path = flat[i + 1];
    const steps = (Array.isArray(path) ? path : [path]) as (string | number)[];
    const op: unknown[] = [name, steps.map((p) => (typeof p === "number" && p < 0 ? named(-1 - p) : p))];
    i += 2;
    if (name !== "d") op.push(flat[i++]);
    ops.push(op);
  }
  return { t: "patch", room, v, ops };
}
