/** Where each rule's documentation lives: the generated catalogue, one heading per rule id. */
export const RULE_DOCS_BASE_URL = 'https://github.com/search-config/search-config/blob/main/docs/rules.md';

export const ruleDocUrl = (ruleId: string): string => `${RULE_DOCS_BASE_URL}#${ruleId}`;
