#!/usr/bin/env node
// The server built ahead of time (`npm start` runs it with node itself, no TypeScript loader), with
// the options in server-build-options.mjs. Takes about a second; source maps point errors at the
// .ts lines.
import { build } from 'esbuild';
import { serverBuildOptions } from './server-build-options.mjs';

const started = performance.now();
await build(serverBuildOptions);
console.log(`服务端已构建：apps/server/dist/main.js（${Math.round(performance.now() - started)} ms）`);
