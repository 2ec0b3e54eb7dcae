import { UsageError, parseArgs } from '../args';
import { request, serverUrl } from '../http';
import { EXIT, Io } from '../io';
import { TOKEN_OPTIONS, resolveToken } from '../token-source';

export const CLOSE_USAGE =
  'cardlog close GAME-ID --server URL (--winner pN | --draw) --reason TEXT [--expected-version N] [--token-file FILE | --token T | CARDLOG_TOKEN]   close an unfinished game with a result decided off the board (time, no-show, a judge ruling)';

/** `close`: POST /v1/games/:id/close with a record token of the game's tournament. */
export async function closeCommand(argv: readonly string[], io: Io): Promise<number> {
  const { positionals, options } = parseArgs(argv, { server: 'string', winner: 'string', draw: 'boolean', reason: 'string', 'expected-version': 'string', ...TOKEN_OPTIONS });
  if (positionals.length !== 1) throw new UsageError('close takes one game id');
  const server = serverUrl(options.server);
  const token = resolveToken(options);
  if (!token) throw new UsageError('a token is required: --token-file FILE, CARDLOG_TOKEN or --token T');
  const winner = options.winner as string | undefined;
  if ((winner === undefined) === !options.draw) throw new UsageError('give exactly one of --winner pN or --draw');
  const reason = (options.reason as string | undefined)?.trim();
  if (!reason) throw new UsageError('--reason TEXT is required (e.g. time, no-show, "judge ruling")');
  const version = options['expected-version'] as string | undefined;
  if (version !== undefined && !/^\d+$/.test(version)) throw new UsageError(`--expected-version takes a whole number, not "${version}"`);
  const body = {
    ...(winner !== undefined ? { result: 'win', winner } : { result: 'draw' }),
    reason,
    ...(version !== undefined ? { expectedVersion: Number(version) } : {}),
  };
  const id = positionals[0]!;
  const reply = await request('POST', `${server}/v1/games/${encodeURIComponent(id)}/close`, { body: JSON.stringify(body), token, attempts: 1 });
  if (reply.status !== 200) {
    const error = reply.body?.error ?? {};
    io.err(`cardlog close: game ${id}: ${reply.status} ${error.code ?? ''}: ${error.message ?? ''}`.trim());
    return reply.status === 401 ? EXIT.unusable : EXIT.invalid;
  }
  const outcome = reply.body.outcome as { result: string; winner?: string; reason: string };
  io.out(`closed ${id} at version ${reply.body.version}: ${outcome.result === 'draw' ? 'draw' : `${outcome.winner} wins`} (${outcome.reason})`);
  return EXIT.ok;
}
