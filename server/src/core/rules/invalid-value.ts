import { defineRule } from '../rule';

// Placeholder registered so the catalogue is complete; its implementation is in progress.
export default defineRule({
  meta: { id: 'invalid-value', defaultSeverity: 'warning', summary: '', details: '', fixable: false, examples: { valid: [], invalid: [] } },
  check() { /* not implemented yet */ },
});
