#!/usr/bin/env node
'use strict';
// Node's own compile cache (Node 22.1 and later): later starts skip compiling the bundles. It lives in
// Node's cache directory (NODE_COMPILE_CACHE, or one in the system's temporary directory), never in the
// installed package; NODE_DISABLE_COMPILE_CACHE=1 turns it off. An older Node runs without it.
require('node:module').enableCompileCache?.();
require('../dist/cli.js');
