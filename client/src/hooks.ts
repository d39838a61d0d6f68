import { useEffect, useState } from "preact/hooks";
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
