import pkg from '../../../package.json';
export const VERSION: string = pkg.version;
