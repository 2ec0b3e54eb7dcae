// The one place the web app runs rules code: a rejected upload stored nothing, so its valid prefix
// is replayed here, in the browser, from the file the user chose (libs/rules is pure: no I/O).
import { findInsights, findSystem, fold, replay } from '@cardlog/rules';
import type { GameDocument, LogEvent } from '@cardlog/rules';
import { getJson } from '../api/client';
import { rejectedDocument } from './prefix-store';
import type { GameReplay, GameState, GameSummary, ReplayStep, Viewer } from '../api/types';

interface Local {
  readonly summary: GameSummary;
  readonly replay: GameReplay;
  state(step: number, view: string): GameState;
}

const cache = new Map<string, Promise<Local>>();
type Catalogs = Record<string, { id: string; cards: readonly unknown[] }>;
const CHECKPOINT_EVERY = 50;

/** The prefix viewer's game, replayed once per tab and cached. */
export function localGame(key: string): Promise<Local> {
  let hit = cache.get(key);
  if (!hit) {
    hit = build(key);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

async function build(key: string): Promise<Local> {
  const text = rejectedDocument(key);
  if (text === null) throw new Error('this prefix is no longer in this tab (it lives only for the session that uploaded it): upload the file again');
  const document = JSON.parse(text) as GameDocument;
  const system = findSystem(document.system);
  if (!system) throw new Error(`no rules engine for "${document.system}" in this build`);
  // A catalog stored on the server (not shipped with the rules, not inline) is fetched once.
  const catalogs: Catalogs = {};
  if (typeof document.catalog === 'string' && !system.builtinCatalogs[document.catalog]) {
    const stored = await getJson<{ id: string; cards: readonly unknown[] }>(`/v1/catalogs/${encodeURIComponent(document.catalog)}`);
    catalogs[document.catalog] = { id: stored.id ?? document.catalog, cards: stored.cards };
  }
  const result = replay(document, { system, resolveCatalog: (ref) => catalogs[ref] });
  if (result.state === null) throw new Error(`the header could not start a game: ${result.failure?.code}: ${result.failure?.message}`);
  const applied = result.applied;
  const insights = findInsights(document.system);
  const initial = replay({ ...document, events: [] }, { system, resolveCatalog: (ref) => catalogs[ref] }).state;
  const checkpoints: unknown[] = [initial];
  const steps: ReplayStep[] = [];
  let state = initial;
  let lastTurn: number | null = insights ? insights.position(state).turn : null;
  applied.forEach((event: LogEvent, i: number) => {
    const before = state;
    state = system.evolve(state, event);
    const position = insights?.position(state) ?? { turn: null, phase: null, turnPlayer: null };
    steps.push({
      seq: i + 1,
      type: event.type,
      actor: event.player ?? null,
      turn: position.turn,
      phase: position.phase,
      turnPlayer: position.turnPlayer,
      turnStart: position.turn !== null && position.turn !== lastTurn,
      description: system.describe(event, before),
    });
    lastTurn = position.turn;
    if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(state);
  });
  const summary = {
    id: `local:${key}`,
    system: document.system,
    rulesVersion: document.rulesVersion,
    mode: 'upload',
    game: document.game ?? null,
    players: document.players,
    catalog: typeof document.catalog === 'string' ? document.catalog : (document.catalog.id ?? 'inline'),
    events: applied.length,
    outcome: null,
    status: 'in_progress',
    recordedBy: null,
    createdAt: new Date().toISOString(),
    endedAt: null,
    visibility: 'private',
  } satisfies GameSummary;
  const local: Local = {
    summary,
    replay: { gameId: summary.id, system: summary.system, players: summary.players, outcome: null, total: applied.length, projected: applied.length, steps },
    state(step, view) {
      const from = Math.floor(step / CHECKPOINT_EVERY);
      const s = fold(system, checkpoints[from], applied.slice(from * CHECKPOINT_EVERY, step));
      return { gameId: summary.id, step, total: applied.length, view: view as Viewer, folded: step - from * CHECKPOINT_EVERY, outcome: system.outcome(s), state: system.view(s, view as Viewer) };
    },
  };
  return local;
}
