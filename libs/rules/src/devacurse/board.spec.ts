import { replay } from '../replay';
import { devacurseBoard } from './board';
import { simulateDevacurse } from './simulate/game';
import { devacurse } from '.';
import type { DvState } from './state';
import type { DvCardView } from './view';
import { view } from './view';

describe('the text board of cardlog replay', () => {
  it('names the Devas and the attacking and blocking cards of a combat, as it names the cards in play', () => {
    const { document } = simulateDevacurse(devacurse, { seed: 5, players: 3 });
    // The first step where blockers are declared against a soldier attack.
    const at = document.events.findIndex((e) => e.type === 'DeclareBlockers' && ((e.payload as { blocks: unknown[] }).blocks.length > 0));
    expect(at).toBeGreaterThan(0);
    const state = replay<DvState>({ ...document, events: document.events.slice(0, at + 1) }).state!;
    const seen = view(state, 'spectator');
    const combat = seen.combat!;
    const text = devacurseBoard(seen);
    const line = text.split('\n').find((l) => l.startsWith('Combat: '))!;
    const nameOf = (id: string) => Object.values(seen.players).flatMap((p) => [...p.soldierLine, ...p.heroLine]).find((c) => c.id === id)!.name;
    expect(line).toBe(
      `Combat: ${seen.players[combat.attacker]!.name} → ${seen.players[combat.defender!]!.name} with ${combat.attackers.map(nameOf).join(', ')}; ${combat.blocks.map((b) => `${nameOf(b.blocker)} blocks ${nameOf(b.attacker)}`).join(', ')}`,
    );
    for (const id of combat.attackers) expect(line).not.toContain(id);
    // Where the match stands, and who may act, by the Devas' names.
    const [first, priority] = text.split('\n');
    expect(first).toContain(`order ${seen.players[seen.orderHolder!]!.name}`);
    expect(first).not.toMatch(/\bp\d\b/);
    expect(priority).toBe(`priority ${seen.players[seen.priority!.holder]!.name} (window of ${seen.players[seen.priority!.owner]!.name}, ${seen.priority!.passes} passed)`);
  });

  it('says who the rules wait for, by name, and what they are to do in words', () => {
    const { document } = simulateDevacurse(devacurse, { seed: 5, players: 3 });
    // Just before the first blockers are declared, the defending Deva is due to declare them.
    const at = document.events.findIndex((e) => e.type === 'DeclareBlockers');
    const seen = view(replay<DvState>({ ...document, events: document.events.slice(0, at) }).state!, 'spectator');
    expect(seen.due?.kind).toBe('DeclareBlockers');
    const defender = seen.players[seen.due!.player]!;
    expect(devacurseBoard(seen).split('\n')).toContain(`waiting for ${defender.name} (${defender.seat}) to declare blockers`);
  });

  it('counts a hero\'s guardians and an event\'s turns in words, one or more', () => {
    const { document } = simulateDevacurse(devacurse, { seed: 5, players: 2 });
    const seen = view(replay<DvState>({ ...document, events: document.events.slice(0, 300) }).state!, 'spectator');
    const guardian = { id: 'g1', catalogId: 'x', name: 'Guardian', type: 'Soldier', elements: [] } as const;
    const hero = { id: 'h1', catalogId: 'x', name: 'Test Hero', type: 'Hero', elements: [], at: 3, ap: 4, level: 1 } as const;
    const event = { id: 'e1', catalogId: 'x', name: 'Test Rite', type: 'Event', elements: [] } as const;
    const p1 = seen.players['p1']!;
    const board = (heroLine: DvCardView[], soldierLine: DvCardView[]) => devacurseBoard({ ...seen, players: { ...seen.players, p1: { ...p1, heroLine, soldierLine } } });
    expect(board([{ ...hero, guardians: [guardian] }], [{ ...event, turnCounters: 1 }])).toContain('Test Hero [3/4 LV1 +1 guardian]');
    expect(board([{ ...hero, guardians: [guardian] }], [{ ...event, turnCounters: 1 }])).toContain('Test Rite [1 turn]');
    expect(board([{ ...hero, guardians: [guardian, { ...guardian, id: 'g2' }] }], [{ ...event, turnCounters: 2 }])).toMatch(/Test Hero \[3\/4 LV1 \+2 guardians\][\s\S]*Test Rite \[2 turns\]/);
  });
});
