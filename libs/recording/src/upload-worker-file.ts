import { join } from 'node:path';

/**
 * The compiled worker of the upload pool. From dist it sits beside this file; from sources (jest
 * maps @cardlog/recording to src/), it is the one the last build of this library wrote.
 */
export const UPLOAD_WORKER_FILE = __filename.endsWith('.ts') ? join(__dirname, '..', 'dist', 'upload-worker.js') : join(__dirname, 'upload-worker.js');
