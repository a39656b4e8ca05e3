/** A thread for thread-priority.test.ts: lowers its own priority as the background threads do and answers the nice value it got. */
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../src/lib/thread-priority.js';

parentPort?.postMessage(lowerThisThreadPriority() ?? null);
