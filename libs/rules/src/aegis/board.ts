import { outcomeWords, words } from '../words';
import { STEP_NAMES } from './describe';

/** A terminal rendering of an Aegis view, for `cardlog replay`. */
export function aegisBoard(view: any): string {
  const lines: string[] = [];
  // Where the game stands in words, as the log lines say it: "turn 4 · Alice · Main Phase", "setup (first player)".
  const step = Object.hasOwn(STEP_NAMES, view.step) ? STEP_NAMES[view.step]!.replace(/^the /, '') : view.step;
  const who = (seat: string): string => view.players[seat]?.name ?? seat;
  const where = view.turnPlayer ? `turn ${view.turn} · ${who(view.turnPlayer)} · ${step}` : `setup (${words(view.stage)})`;
  lines.push(`${where}${view.result ? ` · game over: ${outcomeWords(view.result, who, 'aegis')}` : ''}`);
  for (const seat of Object.keys(view.players)) {
    const p = view.players[seat];
    const opened = p.aegisOpen.map((a: any) => `${a.name} (${a.state})`).join(', ');
    lines.push('');
    lines.push(`${seat} ${p.name} [${p.identity.join('/')}]   Mana ${p.mana}   Aegis ${p.aegisSetCount} set   hand ${p.handSize}   deck ${p.deckSize}   drop ${p.drop.length}`);
    if (p.units.length) lines.push(`  Units     ${p.units.map((u: any) => `${u.name} ${u.power}${u.ready ? '' : ' (rested)'}`).join(', ')}`);
    if (p.support.length) lines.push(`  Support   ${p.support.map((c: any) => c.name).join(', ')}`);
    if (p.field.length) lines.push(`  Field     ${p.field.map((c: any) => c.name).join(', ')}`);
    if (opened) lines.push(`  Opened    ${opened}`);
    if (p.hand) lines.push(`  Hand      ${p.hand.map((c: any) => c.name).join(', ') || '—'}`);
  }
  if (view.battle) {
    const b = view.battle;
    const target = b.target.kind === 'aegis' ? 'the Aegis' : b.target.name;
    lines.push('', `Battle: ${b.attacker.name} attacks ${target}${b.blocker ? `, blocked by ${b.blocker.name}` : ''} (${words(b.step)}${b.negated ? ', negated' : ''})`);
  }
  return lines.join('\n');
}
