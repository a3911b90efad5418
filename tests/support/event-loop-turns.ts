/**
 * Counts the turns the event loop takes while long work runs (each a `setImmediate` that got to run):
 * work that never yields leaves it at 0 or 1. Call `stop()` when the work is done.
 */
export function countEventLoopTurns(): { stop(): number } {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  return {
    stop() {
      running = false;
      return turns;
    },
  };
}
