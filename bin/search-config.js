#!/usr/bin/env node
'use strict';
// The bundle starts through a compile cache (Node's own, or on Node 20 one of V8's cached data): later
// starts skip compiling it. It lives in Node's cache directory, never in the installed package.
require('./compile-cache.js').run(require.resolve('../dist/cli.js'));
