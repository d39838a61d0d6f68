// Two people may call themselves the same at one table (or a person "AI 1"): the
// hall does not refuse it, so the page tells them apart wherever it names a seat.

/** The seats' names as shown: a name that several seats share is kept by its first
 * holder (in seat order) and numbered for the others, "Ada (2)", skipping numbers
 * some seat is already called; null for an empty seat. */
export function distinctNames(seats: readonly ({ name: string } | null)[]): (string | null)[] {
  const used = new Set(seats.flatMap((s) => (s ? [s.name] : [])));
  const seen = new Set<string>();
  return seats.map((s) => {
    if (!s) return null;
    if (!seen.has(s.name)) {
      seen.add(s.name);
      return s.name;
    }
    let k = 2;
    while (used.has(`${s.name} (${k})`)) k++;
    const shown = `${s.name} (${k})`;
    used.add(shown);
    return shown;
  });
}
