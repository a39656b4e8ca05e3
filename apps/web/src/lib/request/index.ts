/** Public entry of the request client: the page's instance plus the factory and types for tests. */
export { downloadExcel, request, requestBlob, requestClient, saveBlobInBrowser, setBrandVariant } from './browser.js';
export { createRequestClient } from './client.js';
export { isOk } from './envelope.js';
export type {
  BlobOutcome,
  DownloadExcelConfig,
  Envelope,
  HttpMethod,
  RequestClient,
  RequestConfig,
  RequestEnvironment,
  RequestFlags,
  StorageLike,
} from './types.js';
