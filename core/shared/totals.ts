/** The running total kept under `key`, started by `start` the first time the key is seen. */
export function totalFor<K, V>(totals: Map<K, V>, key: K, start: () => V): V {
  let total = totals.get(key);
  if (total === undefined) {
    total = start();
    totals.set(key, total);
  }
  return total;
}
