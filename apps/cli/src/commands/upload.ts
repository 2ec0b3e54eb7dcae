import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { counted } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { isTournamentBundle } from '../bundles';
import { Reply, request, serverUrl } from '../http';
import { EXIT, Io } from '../io';
import { Progress } from '../progress';
import { TOKEN_OPTIONS, resolveToken } from '../token-source';
import { sourcesOf } from './validate';

export const UPLOAD_USAGE =
  'cardlog upload PATH… --server URL (--token-file FILE | --token T | CARDLOG_TOKEN) [--concurrency N] [--journal FILE]   upload files, folders, JSON Lines or tournament bundles';

interface Rejection {
  readonly source: string;
  readonly code: string;
  readonly message: string;
  readonly seq?: number | null;
  /** Where in the document, or in a tournament bundle (round, table, game, event). */
  readonly path?: string;
  readonly type?: string;
}

interface JournalEntry {
  readonly server: string;
  readonly hash: string;
  readonly id: string;
  readonly source: string;
}

/**
 * `upload`: sends every document to the server, a few at a time. Resumable: each document the
 * server accepted is written to a journal, and a re-run skips what the journal holds (the server
 * would also recognise it: uploads are idempotent by content). Prints created / already present /
 * rejected, and each rejection's file, event index and code. Exit 0 when nothing was rejected,
 * 1 when something was, 2 when input or the server could not be reached.
 */
export async function uploadCommand(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { server: 'string', ...TOKEN_OPTIONS, concurrency: 'integer', journal: 'string' });
  if (positionals.length === 0) throw new UsageError('upload needs at least one PATH');
  const server = serverUrl(options.server);
  const token = resolveToken(options);
  if (!token) throw new UsageError('a token is required: --token-file FILE, CARDLOG_TOKEN or --token T (create one with: cardlog token create --name NAME)');
  const concurrency = (options.concurrency as number | undefined) ?? 4;
  if (concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency must be from 1 to 64');
  const journalPath = resolve((options.journal as string | undefined) ?? '.cardlog/upload-journal.jsonl');

  const sources = positionals.flatMap(sourcesOf);
  const unreadable = sources.filter((s) => s.error);
  for (const s of unreadable) io.err(`ERROR ${s.label} ${s.error!.code}: ${s.error!.message}`);
  const journal = loadJournal(journalPath, server);
  const work = sources
    .filter((s) => !s.error)
    .map((s) => ({ source: s.label, text: s.text!, hash: createHash('sha256').update(s.text!).digest('hex') }));

  const counts = { created: 0, present: 0, rejected: 0, failed: 0 };
  const rejections: Rejection[] = [];
  const started = Date.now();
  let done = 0;
  // A document is a game, or a whole tournament bundle.
  const bar = new Progress(io, work.length, 'documents');
  const progress = () => bar.update(done);

  let next = 0;
  let unreachable: Error | null = null;
  const worker = async () => {
    while (next < work.length && !unreachable) {
      const item = work[next++]!;
      if (journal.has(item.hash)) {
        counts.present++;
      } else {
        let reply: Reply;
        const bundle = isTournamentBundle(item.text);
        try {
          reply = await request('POST', `${server}/v1/${bundle ? 'tournaments' : 'games'}`, { body: item.text, token });
        } catch (error) {
          unreachable = error as Error;
          counts.failed++;
          break;
        }
        // 200: the same game or bundle was stored before; 201 for a bundle that grew by rounds
        // since is its new rounds stored. A different bundle under a recorded tournament id is
        // refused (409 TOURNAMENT_EXISTS) and counted with the rejections.
        if (reply.status === 201 || reply.status === 200) {
          counts[reply.status === 201 ? 'created' : 'present']++;
          appendJournal(journalPath, { server, hash: item.hash, id: reply.body.id, source: item.source });
          journal.add(item.hash);
        } else if (reply.status === 401) {
          unreachable = new Error(`the server refused the token (401): ${reply.body?.error?.message ?? ''}`);
          counts.failed++;
          break;
        } else {
          counts.rejected++;
          const e = reply.body?.error ?? {};
          // The place is printed before the code, as `validate` prints it: not again at the message's head.
          const message = String(e.message ?? reply.body);
          const unplaced = typeof e.path === 'string' && message.startsWith(`${e.path}: `) ? message.slice(e.path.length + 2) : message;
          rejections.push({ source: item.source, code: e.code ?? `HTTP_${reply.status}`, message: unplaced.replace(/^event \d+ \([^)]*\): /, ''), seq: e.seq, path: e.path, type: e.type });
        }
      }
      done++;
      progress();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(work.length, 1)) }, worker));
  bar.finish();

  const seconds = (Date.now() - started) / 1000;
  for (const r of rejections) {
    // Positions as `validate` prints them: the event's seq in the game, then where it is in the document.
    const where = typeof r.seq === 'number' ? ` event ${r.seq}${r.type ? ` ${r.type}` : ''}${r.path ? ` (${r.path})` : ''}` : r.path ? ` at ${r.path}` : '';
    io.out(`REJECTED ${r.source}${where} ${r.code}: ${r.message}`);
  }
  io.out(
    `created ${counts.created}, already present ${counts.present}, rejected ${counts.rejected}` +
      `${unreadable.length ? `, unreadable ${unreadable.length}` : ''} in ${seconds.toFixed(1)} s (${(done / Math.max(seconds, 0.001)).toFixed(1)} documents/s)`,
  );
  if (unreachable) {
    io.err(`stopped: ${(unreachable as Error).message}; ${counted(work.length - done, 'document')} not sent — re-run the same command to resume`);
    return EXIT.unusable;
  }
  if (unreadable.length) return EXIT.unusable;
  return counts.rejected > 0 ? EXIT.invalid : EXIT.ok;
}

function loadJournal(path: string, server: string): Set<string> {
  const hashes = new Set<string>();
  if (!existsSync(path)) return hashes;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as JournalEntry;
      if (entry.server === server) hashes.add(entry.hash);
    } catch {
      // a torn last line from an interrupted run: ignore it
    }
  }
  return hashes;
}

function appendJournal(path: string, entry: JournalEntry): void {
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}
