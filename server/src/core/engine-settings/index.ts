export { flattenEngineSettings, currentName, FLATTEN_LIMITS, type EngineSetting, type FlattenResult } from './settings';
export { convertEngineSettings, fragmentOf, valueForField, type Assignment, type Unmapped } from './convert';
export { mergeIntoConfiguration, type MergeResult } from './merge';
export { parseBoolean, parseByteSize, parseCount, parsePercent, parseTime } from './values';
