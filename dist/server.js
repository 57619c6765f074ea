'use strict';
// Node's own compile cache (Node 22.1 and later) for the server bundle; an older Node runs without it.
require('node:module').enableCompileCache?.();
require('./server-main.js');
