// A named import: the bundle then carries the version alone, not the whole manifest.
import { version } from '../../../package.json';
export const VERSION: string = version;
