import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError, parseArgs } from '../args';
import { request, serverUrl } from '../http';
import { EXIT, Io } from '../io';
import { TOKEN_OPTIONS, resolveToken } from '../token-source';

export const EXPORT_USAGE =
  'cardlog export --server URL (--game ID | --tournament ID) --out DIR [--token-file FILE | --token T | CARDLOG_TOKEN]   download cardlog/1 logs (a token reads games in progress)';

/** `export`: writes each game's log as `<DIR>/<game id>.json`, one game or a whole tournament. */
export async function exportCommand(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { server: 'string', game: 'string', tournament: 'string', out: 'string', ...TOKEN_OPTIONS });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const server = serverUrl(options.server);
  const token = resolveToken(options);
  const auth = token ? { token } : {};
  const out = options.out as string | undefined;
  if (!out) throw new UsageError('--out DIR is required');
  const game = options.game as string | undefined;
  const tournament = options.tournament as string | undefined;
  if (!game === !tournament) throw new UsageError('give exactly one of --game ID or --tournament ID');

  let ids: string[];
  if (game) ids = [game];
  else {
    ids = [];
    let cursor: string | null = null;
    do {
      const query = `tournament=${encodeURIComponent(tournament!)}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await request('GET', `${server}/v1/games?${query}`, auth);
      if (page.status !== 200) return fail(io, `listing games answered ${page.status}: ${page.body?.error?.message ?? ''}`);
      ids.push(...(page.body.items as { id: string }[]).map((g) => g.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    if (ids.length === 0) return fail(io, `no games recorded for tournament "${tournament}"`, EXIT.invalid);
  }
  mkdirSync(out, { recursive: true });
  for (const id of ids) {
    const log = await request('GET', `${server}/v1/games/${encodeURIComponent(id)}/log`, auth);
    if (log.status !== 200) return fail(io, `game ${id}: ${log.status} ${log.body?.error?.message ?? ''}`, log.status === 404 ? EXIT.invalid : EXIT.unusable);
    writeFileSync(join(out, `${id}.json`), `${JSON.stringify(log.body, null, 2)}\n`);
  }
  io.out(`exported ${ids.length} game(s) to ${out}`);
  return EXIT.ok;
}

function fail(io: Io, message: string, code: number = EXIT.unusable): number {
  io.err(`export: ${message}`);
  return code;
}
