import { useEffect, useState } from "preact/hooks";
import type { Client } from "./client";
import type { GameUi } from "./games/types";
import type { Signal } from "./signal";
import type { Snapshot, Store } from "./store";

export function useStore(store: Store): Snapshot {
  const [s, setS] = useState(store.state);
  useEffect(() => {
    setS(store.state);
    return store.subscribe(setS);
  }, [store]);
  return s;
}

export function useSignal<T>(sig: Signal<T>): T {
  const [v, setV] = useState(sig.get());
  useEffect(() => {
    setV(sig.get());
    return sig.subscribe(setV);
  }, [sig]);
  return v;
}

/** The game's catalogue.json for a board that needs it (null until it comes); the
 * game's words are told it first, so log lines and labels read it with the board. */
export function useCatalogue(client: Client, game: string | undefined, ui: GameUi): unknown {
  const [catalogue, setCatalogue] = useState<unknown>(null);
  useEffect(() => {
    if (!game || !ui.needsCatalogue) return;
    client.catalogue(game).then(
      (c) => {
        ui.onCatalogue?.(c);
        setCatalogue(c);
      },
      () => setCatalogue(null),
    );
  }, [game]);
  return catalogue;
}

/** A module loaded on demand, a chunk of its own (`() => import("./…")`): null until it
 * has come. Loaded once per mounted component; the browser keeps the chunk. */
export function useChunk<T>(load: () => Promise<T>): T | null {
  const [got, setGot] = useState<{ m: T } | null>(null);
  useEffect(() => {
    let gone = false;
    void load().then((m) => {
      if (!gone) setGot({ m });
    });
    return () => {
      gone = true;
    };
  }, []);
  return got ? got.m : null;
}
