import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { counted } from '@cardlog/rules';
import { UsageError, parseArgs } from '../args';
import { request, serverUrl } from '../http';
import { EXIT, Io } from '../io';
import { TOKEN_OPTIONS, resolveToken } from '../token-source';

export const EXPORT_USAGE =
  'cardlog export --server URL (--game ID | --tournament ID) --out DIR [--token-file FILE | --token T | CARDLOG_TOKEN]   download cardlog/1 logs (a token reads games in progress), named <tournament>-r<round>-t<table>-g<game>.json when the game has that context, else <id>.json';

/**
 * `export`: writes each game's log to DIR, one game or a whole tournament, named after its
 * tournament context (see `exportFileName`). DIR is created only once there is a log to write.
 */
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
  const used = new Set<string>();
  for (const id of ids) {
    const log = await request('GET', `${server}/v1/games/${encodeURIComponent(id)}/log`, auth);
    if (log.status !== 200) return fail(io, `game ${id}: ${log.status} ${log.body?.error?.message ?? ''}`, log.status === 404 ? EXIT.invalid : EXIT.unusable);
    const name = exportFileName(id, log.body?.game, used);
    used.add(name);
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, name), `${JSON.stringify(log.body, null, 2)}\n`);
  }
  io.out(`exported ${counted(ids.length, 'game')} to ${out}`);
  return EXIT.ok;
}

function fail(io: Io, message: string, code: number = EXIT.unusable): number {
  io.err(`export: ${message}`);
  return code;
}

/**
 * `spring-open-r3-t12-g2.json` from the game's tournament, round, table and game number (those it
 * has); `<id>.json` when it has none. A name already taken in this export gets the id's first block.
 */
export function exportFileName(id: string, game: { tournament?: string; round?: number; table?: number; gameNumber?: number } | undefined, used: ReadonlySet<string> = new Set()): string {
  const parts = [
    game?.tournament ? game.tournament.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[.]+/, '_') : undefined,
    game?.round !== undefined ? `r${game.round}` : undefined,
    game?.table !== undefined ? `t${game.table}` : undefined,
    game?.gameNumber !== undefined ? `g${game.gameNumber}` : undefined,
  ].filter((p): p is string => p !== undefined && p !== '');
  if (parts.length === 0) return `${id}.json`;
  const base = parts.join('-').slice(0, 180);
  return used.has(`${base}.json`) ? `${base}-${id.split('-')[0]}.json` : `${base}.json`;
}
