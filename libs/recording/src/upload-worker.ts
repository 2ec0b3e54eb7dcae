// A worker thread of the API's upload pool (apps/api/src/recording/upload-workers.ts): takes one
// task at a time and answers with what `prepareUpload` returns. Started from the built file
// (dist/upload-worker.js), which needs only the libraries' built code.
import { parentPort } from 'node:worker_threads';
import type { Catalog } from '@cardlog/rules';
import { prepareUpload } from './upload-preparation';

export interface UploadTask {
  readonly id: number;
  readonly input: string | Uint8Array;
  readonly catalog?: Catalog;
}

export type UploadTaskAnswer = { readonly id: number; readonly result: ReturnType<typeof prepareUpload> } | { readonly id: number; readonly error: string };

parentPort?.on('message', ({ id, input, catalog }: UploadTask) => {
  let answer: UploadTaskAnswer;
  try {
    // A Buffer arrives as a plain Uint8Array: view the same bytes as a Buffer again.
    const text = typeof input === 'string' ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    answer = { id, result: prepareUpload(text, catalog) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
