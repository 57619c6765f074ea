'use strict';
// Preload (`node --require test/support/no-network.js ...`) that makes every attempt to reach
// the network fail loudly and records it, so that a test can assert that none was made.
// Attempts are appended, one JSON line each, to the file named by NO_NETWORK_LOG.
const fs = require('node:fs');

const log = process.env.NO_NETWORK_LOG;
function refuse(api, args) {
  const target = args
    .map((a) =>
      typeof a === 'string' || typeof a === 'number'
        ? String(a)
        : a && typeof a === 'object'
          ? a.href || a.host || a.hostname || a.path || (a.port !== undefined ? `port ${a.port}` : '')
          : '',
    )
    .filter(Boolean)
    .join(' ');
  const line = JSON.stringify({ api, target, pid: process.pid, stack: new Error().stack.split('\n').slice(2, 6).join(' | ') });
  if (log) fs.appendFileSync(log, `${line}\n`);
  throw new Error(`network access refused by no-network.js: ${api} ${target}`);
}
function block(moduleName, names) {
  const mod = require(moduleName);
  for (const name of names) {
    if (typeof mod[name] !== 'function') continue;
    const api = `${moduleName}.${name}`;
    mod[name] = function blocked(...args) {
      return refuse(api, args);
    };
  }
  return mod;
}

const net = block('node:net', ['connect', 'createConnection', 'createServer']);
net.Socket.prototype.connect = function blocked(...args) {
  return refuse('net.Socket.prototype.connect', args);
};
block('node:tls', ['connect']);
block('node:http', ['request', 'get']);
block('node:https', ['request', 'get']);
block('node:http2', ['connect']);
block('node:dgram', ['createSocket']);
const dns = block('node:dns', [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCname',
  'resolveMx',
  'resolveNs',
  'resolveSrv',
  'resolveTxt',
  'reverse',
]);
for (const name of ['lookup', 'resolve', 'resolve4', 'resolve6', 'resolveAny']) {
  if (dns.promises && typeof dns.promises[name] === 'function')
    dns.promises[name] = (...args) => Promise.reject(tryRefuse(`dns.promises.${name}`, args));
}
function tryRefuse(api, args) {
  try {
    refuse(api, args);
  } catch (err) {
    return err;
  }
  return undefined;
}
if (typeof globalThis.fetch === 'function') globalThis.fetch = (...args) => Promise.reject(tryRefuse('fetch', args));
if (typeof globalThis.WebSocket === 'function')
  globalThis.WebSocket = function blocked(...args) {
    return refuse('WebSocket', args);
  };
