/**
 * The background job queue (JobQueue, PermanentJobError); modules register their job kinds on it.
 * Other modules import this module only through this file.
 */
export type { JobContext } from './job-queue.js';
export { enqueueJob, JobQueue, PermanentJobError } from './job-queue.js';
