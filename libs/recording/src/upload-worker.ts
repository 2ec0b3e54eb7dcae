// A worker thread of the API's upload pool (apps/api/src/recording/upload-workers.ts): takes one
// task at a time and answers with what `prepareUpload` or `prepareBundle` returns. Started from the
// built file (dist/upload-worker.js), which needs only the libraries' built code.
import { parentPort } from 'node:worker_threads';
import type { Catalog } from '@cardlog/rules';
import { PreparedBundle, prepareBundle } from './bundle-preparation';
import { PreparedUpload, prepareUpload } from './upload-preparation';

export type UploadTask =
  | { readonly id: number; readonly kind: 'game'; readonly input: string | Uint8Array; readonly catalog?: Catalog }
  | { readonly id: number; readonly kind: 'bundle'; readonly input: string | Uint8Array; readonly catalogs?: Readonly<Record<string, Catalog>> };

export type UploadTaskAnswer = { readonly id: number; readonly result: PreparedUpload | PreparedBundle } | { readonly id: number; readonly error: string };

parentPort?.on('message', (task: UploadTask) => {
  let answer: UploadTaskAnswer;
  try {
    // A Buffer arrives as a plain Uint8Array: view the same bytes as a Buffer again.
    const input = typeof task.input === 'string' ? task.input : Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
    answer = { id: task.id, result: task.kind === 'game' ? prepareUpload(input, task.catalog) : prepareBundle(input, task.catalogs) };
  } catch (error) {
    answer = { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
