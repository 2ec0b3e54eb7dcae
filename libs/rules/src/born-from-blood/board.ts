import { outcomeWords, words } from '../words';
import { PHASE_NAMES } from './describe';

/**
 * A terminal rendering of a Born from Blood view, for `cardlog replay`.
 */
export function bornFromBloodBoard(view: any): string {
  const lines: string[] = [];
  // Where the game stands in words, as the log lines say it: "turn 4 · Alice · Draw Phase", "setup (first player)".
  const phase = Object.hasOwn(PHASE_NAMES, view.phase) ? PHASE_NAMES[view.phase as keyof typeof PHASE_NAMES] : view.phase;
  const who = (seat: string): string => view.players[seat]?.name ?? seat;
  const where = view.turnPlayer ? `turn ${view.turn} · ${who(view.turnPlayer)} · ${phase}` : `setup (${words(view.stage)})`;
  lines.push(`${where}${view.result ? ` · game over: ${outcomeWords(view.result, who, 'born-from-blood')}` : ''}`);
  for (const seat of Object.keys(view.players)) {
    const p = view.players[seat];
    lines.push('');
    lines.push(`${seat} ${p.name}   HP ${p.hp}   N ${p.n}   hand ${p.handSize}   deck ${p.deckSize}   graveyard ${p.graveyard.length}`);
    if (p.character) lines.push(`  Character   ${card(p.character)}`);
    for (const [slot, label] of [['mercenary', 'Mercenaries'], ['artifact', 'Artifacts'], ['skill', 'Skills'], ['item', 'Item'], ['offHand', 'Off-Hand'], ['extraZone', 'Extra Zone']] as const) {
      const cards = p.field[slot] as any[];
      if (cards.length) lines.push(`  ${label.padEnd(11)} ${cards.map(card).join(', ')}`);
    }
    for (const [host, cards] of Object.entries(p.field.hosted ?? {})) lines.push(`  on ${host.padEnd(8)} ${(cards as any[]).map(card).join(', ')}`);
    if (p.hand) lines.push(`  Hand        ${p.hand.map((c: any) => c.name).join(', ') || '—'}`);
  }
  if (view.stack.length) lines.push('', `Stack (top last): ${view.stack.map((i: any) => `${i.card.name} (${i.kind}, ${who(i.controller)})`).join(' → ')}`);
  if (view.battle) {
    const b = view.battle;
    lines.push('', `Battle: ${b.attacker.name} attacks with ${b.using} for ${b.damage} (${words(b.step)})${b.defenders.length ? `; defenders ${b.defenders.map((d: any) => d.name).join(', ')}` : ''}`);
  }
  return lines.join('\n');
}

function card(c: any): string {
  const stats = [c.hp !== undefined ? `HP ${c.hp}` : null, c.atk ? `ATK ${c.atk}` : null].filter(Boolean).join(' ');
  const statuses = (c.statuses ?? []).map((s: any) => s.status).join(' ');
  return `${c.name}${stats ? ` [${stats}]` : ''}${statuses ? ` (${statuses})` : ''}`;
}
