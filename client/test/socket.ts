// A stand-in socket for the client's unit tests (no server runs there; the e2e tests
// talk to a real one): it records what the client sends and lets a test answer.

import { decode, encode } from "@msgpack/msgpack";

export class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = "";
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(data: Uint8Array) {
    this.sent.push(decode(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: object) {
    const bytes = encode(msg);
    this.onmessage?.({ data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  }
  /** The last message of type `t` sent. */
  last(t: string) {
    return [...this.sent].reverse().find((m) => m.t === t);
  }
  /** What was sent since the last look, without ids and pings. */
  take(): Record<string, unknown>[] {
    const out = this.sent.filter((m) => m.t !== "ping").map(({ id: _id, ...m }) => m);
    this.sent = [];
    return out;
  }
}
