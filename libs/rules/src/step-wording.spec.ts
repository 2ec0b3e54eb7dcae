import { createHash } from 'node:crypto';
import type { LogEvent } from '@cardlog/events';
import { findInsights, registeredGames } from './registry';
import { replay } from './replay';
import { simulateDocuments } from './simulate';
import { STEP_WORDING } from './words';

/**
 * What a replay's steps say of two seeded games per system, hashed: each event's `describe` line
 * and the turn and phase its insights place it at. Stored steps of an older STEP_WORDING are
 * described again when read (libs/projections' ReplayReader), so any change to these lines must
 * raise STEP_WORDING; this spec is what makes that hard to forget.
 */
const RECORDED: { readonly wording: number; readonly hashes: Readonly<Record<string, string>> } = {
  wording: 1,
  hashes: {
    aegis: 'bb36b7a46ae8d6cd',
    'born-from-blood': 'f7e33e33b299bc04',
    devacurse: '86f766900d3d4e93',
    'summoner-master': '19debd8e4966ad36',
  },
};

function stepLines(system: string): string[] {
  const plugin = registeredGames().find((g) => g.system.id === system)!;
  const insights = findInsights(system);
  const lines: string[] = [];
  for (const { document } of simulateDocuments(system, 2, 20261207)) {
    const result = replay(document);
    let state = replay({ ...document, events: [] }).state;
    for (const event of result.applied as LogEvent[]) {
      const line = plugin.system.describe(event, state);
      state = plugin.system.evolve(state, event);
      const at = insights?.position(state) ?? { turn: null, phase: null, turnPlayer: null };
      lines.push(JSON.stringify([event.type, at.turn, at.phase, at.turnPlayer, line]));
    }
  }
  return lines;
}

// If this fails: when describe or the insights changed what a step says, raise STEP_WORDING in
// libs/rules/src/words.ts (so stored steps are described again) and record the new wording and
// hashes above; when only the simulator changed (other games), record the hashes alone.
describe('the replay steps’ wording', () => {
  it('is the one this spec recorded the hashes for', () => {
    expect(STEP_WORDING).toBe(RECORDED.wording);
  });

  it.each(registeredGames().filter((g) => g.simulator).map((g) => [g.system.id]))('of %s hashes as recorded for it', (system) => {
    const lines = stepLines(system);
    expect(lines.length).toBeGreaterThan(100);
    const hash = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
    expect({ system, hash }).toEqual({ system, hash: RECORDED.hashes[system] });
  });
});
