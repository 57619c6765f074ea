#!/usr/bin/env node
'use strict';
require('./run-bundle.js').runBundle('cli');
