import { counted, dueWords, outcomeWords, words } from '../words';
import { stepWords } from './describe';
import type { DvCardView, DvView } from './view';

/** A terminal rendering of a Devacurse view, for `cardlog replay`. */
export function devacurseBoard(view: DvView): string {
  const c = view.cursor;
  const who = (seat: string): string => view.players[seat]?.name ?? seat;
  // Where the game stands in words, as the log lines say it: "construction loop · calling part of Agni · pre hero calling phase".
  const cursor = [c.loop && `${words(c.loop)} loop`, c.part && `${words(c.part)} part${c.owner ? ` of ${who(c.owner)}` : ''}`, c.phase && `${words(c.phase)} phase`, c.step && stepWords(c.step)];
  const where = view.status === 'origin' ? 'Turn Origin' : `turn ${view.turn} · order ${view.orderHolder === null ? '—' : who(view.orderHolder)} · ${cursor.filter(Boolean).join(' · ')}`;
  const lines = [`${where}${view.result ? ` · match over: ${outcomeWords(view.result, who, 'devacurse')}` : ''}`];
  if (view.priority) lines.push(`priority ${who(view.priority.holder)} (window of ${who(view.priority.owner)}, ${view.priority.passes} passed)`);
  if (view.due) lines.push(`waiting for ${who(view.due.player)} (${view.due.player}) to ${dueWords(view.due.kind)}`);
  for (const p of Object.values(view.players)) {
    lines.push('');
    const pool = Object.entries(p.blessing).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(', ');
    lines.push(`${p.seat} ${p.name}${p.eliminated ? ' (out)' : ''}   Faith ${p.faith}   hand ${p.handSize}   universe ${p.universeSize}   cenotaph ${p.cenotaph.length}   black hole ${p.blackHole.length}${pool ? `   blessing ${pool}` : ''}`);
    if (p.temple.length) lines.push(`  Temple      ${p.temple.map((t) => ('hidden' in t ? `(face down${t.mode === 'rest' ? ', rest' : ''})` : `${t.name}${t.faceUp ? '' : ' (face down)'}${t.mode === 'rest' ? ' (rest)' : ''}`)).join(', ')}`);
    if (p.heroLine.length) lines.push(`  Heroes      ${p.heroLine.map(card).join(', ')}`);
    if (p.soldierLine.length) lines.push(`  Soldiers    ${p.soldierLine.map(card).join(', ')}`);
    if (p.hand) lines.push(`  Hand        ${p.hand.map((h) => h.name).join(', ') || '—'}`);
  }
  if (view.knot.length) lines.push('', `Knot zone (top last): ${view.knot.map((k) => `${k.card?.name ?? k.source ?? k.kind} (${k.kind}, ${who(k.controller)})`).join(' → ')}`);
  if (view.combat && view.combat.attackers.length) lines.push('', combatLine(view, view.combat));
  return lines.join('\n');
}

/** "Combat: Varuna → Indra with Thorn Sprite, Iron Recruit; Stone Golem blocks Thorn Sprite": Devas and cards by name, as on the lines above. */
function combatLine(view: DvView, combat: NonNullable<DvView['combat']>): string {
  const names = new Map<string, string>();
  for (const p of Object.values(view.players)) for (const c of [...p.soldierLine, ...p.heroLine]) names.set(c.id, c.name);
  const name = (id: string) => names.get(id) ?? id;
  const blocks = combat.blocks.map((b) => `${name(b.blocker)} blocks ${name(b.attacker)}`).join(', ');
  const who = (seat: string): string => view.players[seat]?.name ?? seat;
  return `Combat: ${who(combat.attacker)} → ${combat.defender === null ? '—' : who(combat.defender)} with ${combat.attackers.map(name).join(', ')}${blocks ? `; ${blocks}` : ''}`;
}

function card(c: DvCardView): string {
  const stats = c.type === 'Hero' ? `${c.at}/${c.ap} LV${c.level}${c.guardians?.length ? ` +${counted(c.guardians.length, 'guardian')}` : ''}` : c.type === 'Soldier' ? `${c.at}/${c.df}` : c.turnCounters !== undefined ? counted(c.turnCounters, 'turn') : '';
  return `${c.name}${stats ? ` [${stats}]` : ''}${c.damage ? ` (${c.damage} dmg)` : ''}${c.mode === 'rest' ? ' (rest)' : ''}`;
}
