import type { Problem } from './invariants';
import type { Rng } from './rng';
import type { FuzzInput } from './run';

/** A host feature driven with every fuzz input (editor features, CLI output formats). */
export interface Surface {
  name: string;
  run(input: FuzzInput, rng: Rng): Problem[] | Promise<Problem[]>;
}

export const SURFACES: Surface[] = [];
