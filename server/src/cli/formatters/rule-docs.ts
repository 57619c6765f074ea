import { homepage } from '../../../../package.json';

/** The rules' documentation, in the repository and in the package. */
export const RULE_DOCS = 'docs/rules.md';

/**
 * The address of a rule's section in the documentation: on the project's home (the package's
 * `homepage`), else the file shipped with the package. SARIF requires it absolute; stylish
 * prints it with --rule-links.
 */
export function ruleDocsUrl(ruleId: string): string {
  const home: string | undefined = homepage;
  return home && /^https?:\/\//.test(home)
    ? `${home.split('#')[0].replace(/\/$/, '')}/blob/HEAD/${RULE_DOCS}#${ruleId}`
    : `${RULE_DOCS}#${ruleId}`;
}
