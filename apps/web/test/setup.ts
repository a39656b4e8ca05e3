/**
 * Every component test file (jsdom): when a file ends, React's scheduler may still hold a task (a
 * render queued by the last event, run on a Node immediate). Left alone it runs after vitest has
 * torn jsdom down and throws "window is not defined" as an unhandled error, failing the run though
 * every test passed. Unmounting, then letting that task run while the window still exists, ends the
 * file cleanly.
 */
import { cleanup } from '@testing-library/react';
import { afterAll } from 'vitest';

afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
});
