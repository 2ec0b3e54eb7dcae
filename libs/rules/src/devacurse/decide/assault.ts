import { DvState, catalogCard, flagNumber, hasFlag, heroesOf, isGone, isLiving, soldiersOf } from '../state';
import { cardAt, check, fail, seatAt, segmentName } from './guards';
import { requirePartOwner } from './window';

// The Assault loop (§8): one soldier declaration per part, blocks, damage; hero attacks one at a time.

function requireDue(state: DvState, actor: string, type: string, due: string, part: 'soldierCombat' | 'heroCombat', actorCheck: () => void): void {
  check(state.cursor.part === part, 'WRONG_SEGMENT', `${type} belongs to a ${part === 'soldierCombat' ? 'Soldier' : 'Hero'} combat part, not ${segmentName(state)}`);
  if (state.due && state.due.kind !== due) fail('DECISION_DUE', `${state.due.kind} from ${state.due.player} is due first`, { due: state.due });
  actorCheck();
  check(state.due?.kind === due, 'NOT_DUE', `${type} is not due: the window before it is still open (DV-R37)`);
  void actor;
}

export function decideSoldierAttack(state: DvState, actor: string, p: { defender: string; attackers: string[] }): void {
  const cards = p.attackers.map((id, i) => cardAt(state, id, `attackers[${i}]`));
  seatAt(state, p.defender, 'defender');
  requireDue(state, actor, 'DeclareSoldierAttack', 'DeclareSoldierAttack', 'soldierCombat', () => {
    requirePartOwner(state, actor, 'DeclareSoldierAttack');
    check(!state.combat?.declared, 'ATTACK_ALREADY_DECLARED', `${actor} has declared its soldier attack for this part (DV-R22)`);
  });
  check(new Set(p.attackers).size === p.attackers.length, 'MALFORMED_EVENT', 'attackers: a soldier is named twice');
  cards.forEach((card, i) => {
    check(card.zone === 'soldierLine' && card.controller === actor, 'CARD_NOT_IN_ZONE', `attackers[${i}]: ${card.iid} is not on ${actor}'s Battlefield`);
    check(catalogCard(state, card).type === 'soldier', 'WRONG_CARD_TYPE', `attackers[${i}]: ${catalogCard(state, card).name} is not a Soldier`);
    check(card.mode === 'prompt', 'CARD_IN_REST', `attackers[${i}]: ${catalogCard(state, card).name} is in rest`);
    check(!hasFlag(card.flags, 'cannotAttack'), 'CANNOT_ATTACK', `attackers[${i}]: ${catalogCard(state, card).name} cannot attack`);
  });
  check(p.defender !== actor, 'SELF_ATTACK', 'a Deva never attacks itself');
  check(isLiving(state, p.defender), 'ILLEGAL_TARGET', `defender: ${p.defender} has left the game`);
}

export function decideBlockers(state: DvState, actor: string, p: { blocks: { blockerId: string; attackerId: string }[] }): void {
  const pairs = p.blocks.map((b, i) => ({ blocker: cardAt(state, b.blockerId, `blocks[${i}].blockerId`), attackerId: b.attackerId, i }));
  p.blocks.forEach((b, i) => cardAt(state, b.attackerId, `blocks[${i}].attackerId`));
  requireDue(state, actor, 'DeclareBlockers', 'DeclareBlockers', 'soldierCombat', () => {
    check(actor === state.combat?.defender, 'NOT_DEFENDER', `only the defending Deva ${state.combat?.defender ?? '—'} declares blockers`);
  });
  const uses = new Map<string, number>();
  const seen = new Set<string>();
  for (const { blocker, attackerId, i } of pairs) {
    const name = catalogCard(state, blocker).name;
    check((blocker.zone === 'soldierLine' || blocker.zone === 'heroLine') && blocker.controller === actor, 'CARD_NOT_IN_ZONE', `blocks[${i}]: ${blocker.iid} is not on ${actor}'s Battlefield`);
    check(catalogCard(state, blocker).type !== 'event', 'WRONG_CARD_TYPE', `blocks[${i}]: ${name} is an Event; Soldiers and Heroes block`);
    check(blocker.mode === 'prompt', 'CARD_IN_REST', `blocks[${i}]: ${name} is in rest (DV-R23)`);
    check(!hasFlag(blocker.flags, 'cannotBlock'), 'CANNOT_BLOCK', `blocks[${i}]: ${name} cannot block`);
    const attacker = state.combat!.attackers.find((a) => a.iid === attackerId);
    check(attacker && !isGone(state, attacker), 'NOT_AN_ATTACKER', `blocks[${i}]: ${attackerId} is not attacking`);
    check(!seen.has(`${blocker.iid}>${attackerId}`), 'MALFORMED_EVENT', `blocks[${i}]: the same block is named twice`);
    seen.add(`${blocker.iid}>${attackerId}`);
    const n = (uses.get(blocker.iid) ?? 0) + 1;
    uses.set(blocker.iid, n);
    check(n <= 1 + flagNumber(blocker.flags, 'extraBlocks'), 'BLOCK_LIMIT_EXCEEDED', `blocks[${i}]: ${name} blocks one attacker`);
  }
}

export function decidePlaceDamage(state: DvState, actor: string, p: { divisions?: { attackerId: string; blockerId: string; amount: number }[] }): void {
  const part = state.cursor.part === 'heroCombat' ? 'heroCombat' : 'soldierCombat';
  requireDue(state, actor, 'PlaceCombatDamage', 'PlaceCombatDamage', part, () => requirePartOwner(state, actor, 'PlaceCombatDamage'));
  const combat = state.combat!;
  const divisions = p.divisions ?? [];
  if (combat.kind === 'hero') {
    check(divisions.length === 0, 'DAMAGE_DIVISION_INVALID', 'a hero attack has no damage division');
    return;
  }
  for (const [i, div] of divisions.entries()) {
    check(div.amount >= 0, 'DAMAGE_DIVISION_INVALID', `divisions[${i}]: a negative amount`);
    const blocked = combat.blocks.some((b) => b.attacker.iid === div.attackerId && b.blocker.iid === div.blockerId && !isGone(state, b.blocker));
    check(blocked, 'DAMAGE_DIVISION_INVALID', `divisions[${i}]: ${div.blockerId} is not blocking ${div.attackerId}`);
  }
  for (const attacker of combat.attackers) {
    if (isGone(state, attacker)) continue;
    const blockers = combat.blocks.filter((b) => b.attacker.iid === attacker.iid && !isGone(state, b.blocker));
    const mine = divisions.filter((d) => d.attackerId === attacker.iid);
    if (blockers.length < 2) {
      check(mine.length === 0, 'DAMAGE_DIVISION_INVALID', `${attacker.iid} is not gang-blocked; its damage is not divided`);
      continue;
    }
    const at = atNow(state, attacker.iid);
    const total = mine.reduce((n, d) => n + d.amount, 0);
    check(total === at, 'DAMAGE_DIVISION_INVALID', `${attacker.iid} is gang-blocked: divide its ${at} AT among its blockers (the division totals ${total}, DV-R24)`);
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
  check((hero.zone === 'heroLine' || hero.zone === 'soldierLine') && hero.controller === actor, 'CARD_NOT_IN_ZONE', `${p.heroId} is not on ${actor}'s Battlefield`);
  check(catalogCard(state, hero).type === 'hero', 'WRONG_CARD_TYPE', `${name} is not a Hero`);
  check(hero.mode === 'prompt', 'CARD_IN_REST', `${name} is in rest`);
  check(!hasFlag(hero.flags, 'cannotAttack'), 'CANNOT_ATTACK', `${name} cannot attack`);
  const ignores = hasFlag(hero.flags, 'heroIgnoresTargetLimits');
  if (target) {
    check(target.controller !== actor, 'SELF_ATTACK', 'a hero never attacks its own side');
    const type = catalogCard(state, target).type;
    check((target.zone === 'soldierLine' && type === 'soldier') || target.zone === 'heroLine', 'ILLEGAL_TARGET', `target: ${target.iid} is not an opposing Soldier or Hero`);
    if (target.zone === 'heroLine' && !ignores) check(soldiersOf(state, target.controller).length === 0, 'HERO_TARGET_RESTRICTED', `${target.controller} has a Soldier: its heroes cannot be attacked (§8.2)`);
  } else {
    const seat = (p.target as { player: string }).player;
    check(seat !== actor, 'SELF_ATTACK', 'a Deva never attacks itself');
    check(isLiving(state, seat), 'ILLEGAL_TARGET', `target: ${seat} has left the game`);
    if (!ignores) check(soldiersOf(state, seat).length === 0 && heroesOf(state, seat).length === 0, 'PLAYER_TARGET_RESTRICTED', `${seat} has a Soldier or Hero: the Deva itself cannot be attacked (§8.2)`);
  }
}

export function decideEndHeroAttacks(state: DvState, actor: string): void {
  requireDue(state, actor, 'EndHeroAttacks', 'DeclareHeroAttack', 'heroCombat', () => requirePartOwner(state, actor, 'EndHeroAttacks'));
}
