// The benchmarks' warm-up rule, one place for every benchmark that pairs a server of ours with a
// baseline: run warm-up slices until the server's CPU per unit of work stops falling. A fixed
// warm-up does not do: the JIT compiles a server with more code later, and on a slow machine a
// fixed time measured ours still compiling against a baseline already compiled.

/** A slice counts as faster only when it is this much below the best so far (the rest is noise). */
export const WARM_UP_GAIN = 0.03;
/** Slices always run before the rule may stop. */
export const WARM_UP_MIN_SLICES = 3;
/** Slices in a row no better than the best before them that mean the steady state. */
export const WARM_UP_SLICES_WITHOUT_GAIN = 2;

/**
 * Runs `runSlice` until the steady state (or `maxSlices`), and resolves each slice's CPU per unit
 * rounded, for the log. A slice that cannot read the server's CPU (no `/proc`) gives nothing to
 * judge by: it is logged as "n/a" and ends the warm-up, as a fixed warm-up of one slice.
 *
 * @example
 * const slices = await warmUpUntilSteady(() => runLoad(300).then((r) => r.serverCpuUs), 20);
 * console.log(`warm-up: ${slices.join(" ")}`);
 *
 * @param {(slice: number) => Promise<number | undefined>} runSlice CPU per unit of the slice; `slice` counts from 1
 * @param {number} maxSlices
 * @returns {Promise<Array<number | "n/a">>}
 */
export async function warmUpUntilSteady(runSlice, maxSlices) {
  const perUnit = [];
  let best = Number.POSITIVE_INFINITY;
  let slicesWithoutGain = 0;
  while (perUnit.length < maxSlices) {
    const cpu = await runSlice(perUnit.length + 1);
    if (cpu === undefined || !Number.isFinite(cpu)) {
      perUnit.push("n/a");
      break;
    }
    perUnit.push(Math.round(cpu));
    slicesWithoutGain = cpu < best * (1 - WARM_UP_GAIN) ? 0 : slicesWithoutGain + 1;
    best = Math.min(best, cpu);
    if (perUnit.length >= WARM_UP_MIN_SLICES && slicesWithoutGain >= WARM_UP_SLICES_WITHOUT_GAIN) break;
  }
  return perUnit;
}
