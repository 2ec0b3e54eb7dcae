import { Logger, OnModuleDestroy } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { IN_THREAD, PreparedBundle, PreparedUpload, UPLOAD_WORKER_FILE, UploadPreparer, UploadTask, UploadTaskAnswer } from '@cardlog/recording';
import type { Catalog } from '@cardlog/rules';

/** The upload queue is full: answered 503 SERVER_BUSY with Retry-After, like the write caps. */
export class UploadQueueFull extends Error {
  override readonly name = 'UploadQueueFull';

  constructor(
    readonly queued: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`the server is busy preparing ${queued} uploads; retry after ${retryAfterSeconds} s`);
  }
}

type Task = UploadTask extends infer T ? (T extends UploadTask ? Omit<T, 'id'> : never) : never;

interface Job {
  readonly task: Task;
  readonly resolve: (result: PreparedUpload | PreparedBundle) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: (Job & { id: number }) | null;
}

/**
 * Parses, validates, hashes and replays uploaded documents on worker threads (libs/recording's
 * `prepareUpload`), so a large upload never holds the event loop: /health, reads and the other
 * writes are answered meanwhile. The body goes in as text or bytes (one copy), and what comes back
 * is small apart from the JSON texts the store writes. A bounded queue in front: past `queueLimit`
 * waiting tasks an upload is refused with 503 rather than held in memory.
 *
 * Without the compiled worker (sources run without a build) uploads are prepared in this thread.
 */
export class UploadWorkers implements UploadPreparer, OnModuleDestroy {
  private readonly logger = new Logger(UploadWorkers.name);
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly queueLimit: number,
    private readonly retryAfterSeconds: number,
    private readonly file: string = UPLOAD_WORKER_FILE,
  ) {
    if (!existsSync(file)) {
      this.logger.warn(`no compiled upload worker at ${file} (build libs/recording): uploads are prepared on the event loop`);
      return;
    }
    for (let i = 0; i < size; i++) this.slots.push(this.start());
  }

  /** Worker threads running (0 without the compiled worker). */
  get workers(): number {
    return this.slots.length;
  }

  /** Tasks waiting for a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Tasks a worker is running. */
  get running(): number {
    return this.slots.filter((s) => s.job !== null).length;
  }

  prepareUpload(input: string | Buffer | unknown, catalog?: Catalog): Promise<PreparedUpload> {
    if (!this.takes(input)) return IN_THREAD.prepareUpload(input, catalog);
    return this.run({ kind: 'game', input, ...(catalog ? { catalog } : {}) }) as Promise<PreparedUpload>;
  }

  prepareBundle(input: string | Buffer | unknown, catalogs?: Readonly<Record<string, Catalog>>): Promise<PreparedBundle> {
    if (!this.takes(input)) return IN_THREAD.prepareBundle(input, catalogs);
    return this.run({ kind: 'bundle', input, ...(catalogs ? { catalogs } : {}) }) as Promise<PreparedBundle>;
  }

  /** Text and bytes go to the workers; a value already parsed (in-process callers) is prepared here. */
  private takes(input: unknown): input is string | Buffer {
    return this.slots.length > 0 && (typeof input === 'string' || Buffer.isBuffer(input));
  }

  private run(task: Task): Promise<PreparedUpload | PreparedBundle> {
    if (this.closed || this.queue.length >= this.queueLimit) return Promise.reject(new UploadQueueFull(this.queue.length, this.retryAfterSeconds));
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job) continue;
      const job = { ...this.queue.shift()!, id: this.nextId++ };
      slot.job = job;
      slot.worker.postMessage({ id: job.id, ...job.task });
    }
  }

  private start(): Slot {
    const worker = new Worker(this.file);
    const slot: Slot = { worker, job: null };
    // Never what keeps the process alive (the server is); stopped in onModuleDestroy.
    worker.unref();
    worker.on('message', (answer: UploadTaskAnswer) => {
      const job = slot.job;
      if (!job || job.id !== answer.id) return;
      slot.job = null;
      if ('error' in answer) job.reject(new Error(`upload worker: ${answer.error}`));
      else job.resolve(answer.result);
      this.dispatch();
    });
    worker.on('error', (error) => this.logger.error(`upload worker failed: ${error.stack ?? error.message}`));
    worker.on('exit', (code) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(new Error(`upload worker exited (code ${code}) while preparing an upload`));
      if (this.closed) return;
      // A worker that died (out of memory, a crash) is replaced; its task failed alone.
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots[index] = this.start();
      this.dispatch();
    });
    return slot;
  }

  /** On shutdown: refuse what still waits, then stop the workers (a running task's request fails with them). */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new UploadQueueFull(0, this.retryAfterSeconds));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
