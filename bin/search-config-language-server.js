#!/usr/bin/env node
'use strict';
// Started as the CLI is (bin/compile-cache.js).
require('./compile-cache.js').run(require.resolve('../dist/server.js'));
