import type { Problem } from './invariants';
import type { Rng } from './rng';
import type { FuzzInput, Timed } from './run';

/** A host feature driven with every fuzz input (editor features, CLI output formats). */
export interface Surface {
  name: string;
  /** Problems found; each request goes through `timed` so that slow ones are reported. */
  run(input: FuzzInput, rng: Rng, timed: Timed): Problem[] | Promise<Problem[]>;
  /** Releases what the surface started (a language server). */
  close?(): Promise<void>;
}
