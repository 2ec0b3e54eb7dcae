import { DvState, catalogCard, flagNumber, hasFlag, heroesOf, isGone, isLiving, soldiersOf } from '../state';
import { cardAt, check, fail, namedTwice, seatAt, segmentName } from './guards';
import { requirePartOwner } from './window';

// The Assault loop (§8): one soldier declaration per part, blocks, damage; hero attacks one at a time.

function requireDue(state: DvState, actor: string, type: string, due: string, part: 'soldierCombat' | 'heroCombat', actorCheck: () => void): void {
  if (state.cursor.part !== part) fail('WRONG_SEGMENT', `${type} belongs to a ${part === 'soldierCombat' ? 'Soldier' : 'Hero'} combat part, not ${segmentName(state)}`);
  if (state.due && state.due.kind !== due) fail('DECISION_DUE', `${state.due.kind} from ${state.due.player} is due first`, { due: state.due });
  actorCheck();
  if (state.due?.kind !== due) fail('NOT_DUE', `${type} is not due: the window before it is still open (DV-R37)`);
  void actor;
}

export function decideSoldierAttack(state: DvState, actor: string, p: { defender: string; attackers: string[] }): void {
  const cards = p.attackers.map((id, i) => cardAt(state, id, `attackers[${i}]`));
  seatAt(state, p.defender, 'defender');
  requireDue(state, actor, 'DeclareSoldierAttack', 'DeclareSoldierAttack', 'soldierCombat', () => {
    requirePartOwner(state, actor, 'DeclareSoldierAttack');
    if (state.combat?.declared) fail('ATTACK_ALREADY_DECLARED', `${actor} has declared its soldier attack for this part (DV-R22)`);
  });
  if (namedTwice(p.attackers)) fail('MALFORMED_EVENT', 'attackers: a soldier is named twice');
  cards.forEach((card, i) => {
    if (!(card.zone === 'soldierLine' && card.controller === actor)) fail('CARD_NOT_IN_ZONE', `attackers[${i}]: ${card.iid} is not on ${actor}'s Battlefield`);
    if (catalogCard(state, card).type !== 'soldier') fail('WRONG_CARD_TYPE', `attackers[${i}]: ${catalogCard(state, card).name} is not a Soldier`);
    if (card.mode !== 'prompt') fail('CARD_IN_REST', `attackers[${i}]: ${catalogCard(state, card).name} is in rest`);
    if (hasFlag(card.flags, 'cannotAttack')) fail('CANNOT_ATTACK', `attackers[${i}]: ${catalogCard(state, card).name} cannot attack`);
  });
  if (p.defender === actor) fail('SELF_ATTACK', 'a Deva never attacks itself');
  if (!isLiving(state, p.defender)) fail('ILLEGAL_TARGET', `defender: ${p.defender} has left the game`);
}

export function decideBlockers(state: DvState, actor: string, p: { blocks: { blockerId: string; attackerId: string }[] }): void {
  const pairs = p.blocks.map((b, i) => ({ blocker: cardAt(state, b.blockerId, `blocks[${i}].blockerId`), attackerId: b.attackerId, i }));
  p.blocks.forEach((b, i) => cardAt(state, b.attackerId, `blocks[${i}].attackerId`));
  requireDue(state, actor, 'DeclareBlockers', 'DeclareBlockers', 'soldierCombat', () => {
    if (actor !== state.combat?.defender) fail('NOT_DEFENDER', `only the defending Deva ${state.combat?.defender ?? '—'} declares blockers`);
  });
  for (const { blocker, attackerId, i } of pairs) {
    const name = catalogCard(state, blocker).name;
    if (!((blocker.zone === 'soldierLine' || blocker.zone === 'heroLine') && blocker.controller === actor)) fail('CARD_NOT_IN_ZONE', `blocks[${i}]: ${blocker.iid} is not on ${actor}'s Battlefield`);
    if (catalogCard(state, blocker).type === 'event') fail('WRONG_CARD_TYPE', `blocks[${i}]: ${name} is an Event; Soldiers and Heroes block`);
    if (blocker.mode !== 'prompt') fail('CARD_IN_REST', `blocks[${i}]: ${name} is in rest (DV-R23)`);
    if (hasFlag(blocker.flags, 'cannotBlock')) fail('CANNOT_BLOCK', `blocks[${i}]: ${name} cannot block`);
    const attacker = state.combat!.attackers.find((a) => a.iid === attackerId);
    if (!(attacker && !isGone(state, attacker))) fail('NOT_AN_ATTACKER', `blocks[${i}]: ${attackerId} is not attacking`);
    // The blocks before this one, compared pairwise (a combat names a few): the same pair twice is
    // malformed, and the blocker's blocks so far count against its limit.
    let n = 1;
    for (let j = 0; j < i; j++) {
      const earlier = p.blocks[j]!;
      if (earlier.blockerId !== blocker.iid) continue;
      if (earlier.attackerId === attackerId) fail('MALFORMED_EVENT', `blocks[${i}]: the same block is named twice`);
      n++;
    }
    if (n > 1 + flagNumber(blocker.flags, 'extraBlocks')) fail('BLOCK_LIMIT_EXCEEDED', `blocks[${i}]: ${name} blocks one attacker`);
  }
}

export function decidePlaceDamage(state: DvState, actor: string, p: { divisions?: { attackerId: string; blockerId: string; amount: number }[] }): void {
  const part = state.cursor.part === 'heroCombat' ? 'heroCombat' : 'soldierCombat';
  requireDue(state, actor, 'PlaceCombatDamage', 'PlaceCombatDamage', part, () => requirePartOwner(state, actor, 'PlaceCombatDamage'));
  const combat = state.combat!;
  const divisions = p.divisions ?? [];
  if (combat.kind === 'hero') {
    if (divisions.length !== 0) fail('DAMAGE_DIVISION_INVALID', 'a hero attack has no damage division');
    return;
  }
  // Counting loops, nothing built: every soldier combat places damage, most without divisions.
  const blocks = combat.blocks;
  for (let i = 0; i < divisions.length; i++) {
    const div = divisions[i]!;
    if (div.amount < 0) fail('DAMAGE_DIVISION_INVALID', `divisions[${i}]: a negative amount`);
    let blocked = false;
    for (const b of blocks) if (b.attacker.iid === div.attackerId && b.blocker.iid === div.blockerId && !isGone(state, b.blocker)) blocked = true;
    if (!blocked) fail('DAMAGE_DIVISION_INVALID', `divisions[${i}]: ${div.blockerId} is not blocking ${div.attackerId}`);
  }
  for (const attacker of combat.attackers) {
    if (isGone(state, attacker)) continue;
    let blockers = 0;
    for (const b of blocks) if (b.attacker.iid === attacker.iid && !isGone(state, b.blocker)) blockers++;
    let mine = 0;
    let total = 0;
    for (const div of divisions) {
      if (div.attackerId !== attacker.iid) continue;
      mine++;
      total += div.amount;
    }
    if (blockers < 2) {
      if (mine !== 0) fail('DAMAGE_DIVISION_INVALID', `${attacker.iid} is not gang-blocked; its damage is not divided`);
      continue;
    }
    const at = atNow(state, attacker.iid);
    if (total !== at) fail('DAMAGE_DIVISION_INVALID', `${attacker.iid} is gang-blocked: divide its ${at} AT among its blockers (the division totals ${total}, DV-R24)`);
  }
}

function atNow(state: DvState, iid: string): number {
  const c = state.cards[state.cardIndex.get(iid)!]!;
  const cat = catalogCard(state, c);
  const base = c.level === 2 && cat.lv2Stats?.at !== undefined ? cat.lv2Stats.at : (cat.at ?? 0);
  return Math.max(0, base + c.mods.reduce((n, m) => (m.stat === 'at' ? n + m.delta : n), 0));
}

export function decideHeroAttack(state: DvState, actor: string, p: { heroId: string; target: { card: string } | { player: string } }): void {
  const hero = cardAt(state, p.heroId, 'heroId');
  const target = 'card' in p.target ? cardAt(state, p.target.card, 'target.card') : undefined;
  if ('player' in p.target) seatAt(state, p.target.player, 'target.player');
  requireDue(state, actor, 'DeclareHeroAttack', 'DeclareHeroAttack', 'heroCombat', () => requirePartOwner(state, actor, 'DeclareHeroAttack'));
  const name = catalogCard(state, hero).name;
  if (!((hero.zone === 'heroLine' || hero.zone === 'soldierLine') && hero.controller === actor)) fail('CARD_NOT_IN_ZONE', `${p.heroId} is not on ${actor}'s Battlefield`);
  if (catalogCard(state, hero).type !== 'hero') fail('WRONG_CARD_TYPE', `${name} is not a Hero`);
  if (hero.mode !== 'prompt') fail('CARD_IN_REST', `${name} is in rest`);
  if (hasFlag(hero.flags, 'cannotAttack')) fail('CANNOT_ATTACK', `${name} cannot attack`);
  const ignores = hasFlag(hero.flags, 'heroIgnoresTargetLimits');
  if (target) {
    if (target.controller === actor) fail('SELF_ATTACK', 'a hero never attacks its own side');
    const type = catalogCard(state, target).type;
    if (!((target.zone === 'soldierLine' && type === 'soldier') || target.zone === 'heroLine')) fail('ILLEGAL_TARGET', `target: ${target.iid} is not an opposing Soldier or Hero`);
    if (target.zone === 'heroLine' && !ignores) check(soldiersOf(state, target.controller).length === 0, 'HERO_TARGET_RESTRICTED', `${target.controller} has a Soldier: its heroes cannot be attacked (§8.2)`);
  } else {
    const seat = (p.target as { player: string }).player;
    if (seat === actor) fail('SELF_ATTACK', 'a Deva never attacks itself');
    if (!isLiving(state, seat)) fail('ILLEGAL_TARGET', `target: ${seat} has left the game`);
    if (!ignores) check(soldiersOf(state, seat).length === 0 && heroesOf(state, seat).length === 0, 'PLAYER_TARGET_RESTRICTED', `${seat} has a Soldier or Hero: the Deva itself cannot be attacked (§8.2)`);
  }
}

export function decideEndHeroAttacks(state: DvState, actor: string): void {
  requireDue(state, actor, 'EndHeroAttacks', 'DeclareHeroAttack', 'heroCombat', () => requirePartOwner(state, actor, 'EndHeroAttacks'));
}
