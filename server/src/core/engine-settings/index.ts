export { flattenEngineSettings, currentName, type EngineSetting } from './settings';
export { convertEngineSettings, fragmentOf, valueForField, type Assignment, type Unmapped } from './convert';
export { mergeIntoConfiguration } from './merge';
export { parseBoolean, parseByteSize, parseCount, parsePercent, parseTime } from './values';
