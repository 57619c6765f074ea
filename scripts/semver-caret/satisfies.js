'use strict';
// semver/functions/satisfies exports the function itself, and vscode-languageclient calls the module: so does this.
module.exports = require('../semver-caret.js').satisfies;
