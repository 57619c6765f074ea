import type { FormatName } from '../args';
import github from './github';
import json from './json';
import junit from './junit';
import sarif from './sarif';
import stylish from './stylish';
import type { Formatter } from './types';

export const FORMATTERS: Record<FormatName, Formatter> = { stylish, json, sarif, github, junit };
export type { FileReport, FormatContext, Formatter } from './types';
