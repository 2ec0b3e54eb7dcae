import { endingWords, outcomeWords, words } from '../words';
import { STEP_NAMES } from './describe';

/** A terminal rendering of a Summoner Master view, for `cardlog replay`. */
export function summonerMasterBoard(view: any): string {
  const lines: string[] = [];
  const s = view.subturn;
  // Where the game stands in words, as the log lines say it: "Subturn 4 · Fah attacking · Mp refill step".
  const step = s ? `${Object.hasOwn(STEP_NAMES, s.step) ? STEP_NAMES[s.step] : s.step} step` : '';
  const setup = view.stage === 'setup' ? 'setup' : `setup (${words(view.stage)})`;
  const who = (seat: string): string => view.players[seat]?.name ?? seat;
  const where = s ? `game ${view.gameNumber} · Subturn ${s.number} · ${who(s.owner)} attacking · ${step}` : `game ${view.gameNumber} · ${setup}`;
  const over = view.result ? ` · game over: ${outcomeWords(view.result, who, 'summoner-master')}` : '';
  lines.push(`${where}${over}${view.pendingGameEnd ? ` · ${who(view.pendingGameEnd.loser)} loses (${endingWords(view.pendingGameEnd.reason, 'summoner-master')})` : ''}`);
  for (const seat of ['p1', 'p2']) {
    const p = view.players[seat];
    lines.push('');
    lines.push(`${seat} ${p.name}   Mp ${p.mp}${p.mpCastingOnly ? ' (casting only)' : ''}   hand ${p.handSize}   Seal pile ${p.sealDeckSize}   Mystic pile ${p.mysticDeckSize}   Shrine Level ${p.shrineLevel}`);
    const seals = p.arena.filter((c: any) => c.kind === 'Seal');
    for (const line of ['At', 'Df']) {
      const here = seals.filter((c: any) => c.line === line);
      if (here.length) lines.push(`  ${line} Line     ${here.map(seal).join(', ')}`);
    }
    const mystics = p.arena.filter((c: any) => c.kind === 'Mystic');
    if (mystics.length) lines.push(`  Mystics     ${mystics.map((c: any) => c.name).join(', ')}`);
    if (p.reflectionZone.length) lines.push(`  Reflection  ${p.reflectionZone.map((c: any) => c.name).join(', ')}`);
    if (p.shrine.length) lines.push(`  Shrine      ${p.shrine.map((c: any) => c.name).join(', ')}`);
    if (p.hand) lines.push(`  Hand        ${p.hand.map((c: any) => c.name).join(', ') || '—'}`);
  }
  if (view.currentAttack) lines.push('', `Attack under way: ${view.currentAttack}`);
  return lines.join('\n');
}

function seal(c: any): string {
  return `${c.name}${c.reflected ? '◇' : ''} [${c.at}/${c.df}/${c.sp}]${c.active ? '' : ' (Inactive)'}`;
}
