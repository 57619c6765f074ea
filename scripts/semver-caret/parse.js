'use strict';
// semver/functions/parse exports the function itself, and vscode-languageclient calls the module: so does this.
module.exports = require('../semver-caret.js').parse;
