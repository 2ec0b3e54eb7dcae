/** What a command accepts: each option's kind (`strings` may repeat). Options not listed are errors. */
export type OptionSpec = Readonly<Record<string, 'boolean' | 'string' | 'integer' | 'strings'>>;

export interface ParsedArgs {
  readonly positionals: readonly string[];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  /** The values of each repeatable (`strings`) option, in order. */
  readonly lists: Readonly<Record<string, readonly string[]>>;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A small parser for `--name value`, `--name=value` and boolean `--flag`; `--` ends the options.
 * Hand-written so the CLI adds no dependency.
 */
export function parseArgs(argv: readonly string[], spec: OptionSpec): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | number | boolean> = {};
  const lists: Record<string, string[]> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const kind = spec[name];
    if (!kind) throw new UsageError(`unknown option --${name}`);
    if (kind !== 'strings' && name in options) throw new UsageError(`--${name} is given more than once`);
    if (kind === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    if (kind === 'strings') (lists[name] ??= []).push(value);
    else if (kind === 'integer') {
      if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be an integer, got "${value}"`);
      options[name] = Number(value);
    } else options[name] = value;
  }
  return { positionals, options, lists };
}
