// One vscode-json-languageservice instance configured with the configuration schema for every file.
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';

const SCHEMA_URI = 'inmemory://search-config.schema.json';

export function createLanguageService(schema) {
  const service = getLanguageService({ schemaRequestService: async () => JSON.stringify(schema) });
  service.configure({ validate: true, allowComments: false, schemas: [{ uri: SCHEMA_URI, fileMatch: ['*'], schema }] });
  const settings = { comments: 'error', trailingCommas: 'error', schemaValidation: 'error', schemaRequest: 'ignore' };
  return {
    service,
    /** Parse and validate one text: the work the editor does on open and on every change. */
    async validateText(uri, text, version = 1) {
      const doc = TextDocument.create(uri, 'json', version, text);
      const json = service.parseJSONDocument(doc);
      return service.doValidation(doc, json, settings);
    },
  };
}
