#!/usr/bin/env node
'use strict';
// The bundle starts through V8's cached data of its code (bin/compile-cache.js, where the reason is): later
// starts skip compiling it. It lives in Node's cache directory, never in the installed package.
require('./compile-cache.js').run(require.resolve('../dist/cli.js'));
