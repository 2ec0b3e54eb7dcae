import { CALLING_PHASES, Cursor, DvState, Phase, Priority, cursorAt, effectiveOrderHolder, isLiving, nextInPartOrder } from './state';
import type { Draft } from './draft';

// The Turn Spiral as a cursor (§5.0, DV-R1): loops, parts per Deva in seat order from the order
// holder, phases, and the combat steps inside a combat phase.

/** Where the cursor goes when the current segment is over. */
export function nextSegment(state: DvState): Cursor {
  // Runs for every phase: helpers with arguments, not closures over this call's locals.
  const c = state.cursor;
  switch (c.loop) {
    case 'origin':
    case 'prompt':
      return cursorAt('draw');
    case 'draw':
      return cursorAt('construction', 'blessMaking', effectiveOrderHolder(state));
    case 'construction':
      if (c.part === 'blessMaking') return nextOwner(state, 'blessMaking', undefined) ?? cursorAt('construction', 'calling', effectiveOrderHolder(state), 'preSoldierCalling');
      {
        const i = CALLING_PHASES.indexOf(c.phase!);
        if (i >= 0 && i < CALLING_PHASES.length - 1 && c.owner && isLiving(state, c.owner)) return cursorAt(c.loop, c.part, c.owner, CALLING_PHASES[i + 1]!, c.step);
        return nextOwner(state, 'calling', 'preSoldierCalling') ?? combatStart(state, 'soldierCombat');
      }
    case 'assault': {
      const ownerAlive = c.owner !== undefined && isLiving(state, c.owner);
      if (!ownerAlive || c.phase === 'postCombat') {
        if (c.part === 'soldierCombat') return nextOwner(state, 'soldierCombat', 'preCombat') ?? combatStart(state, 'heroCombat');
        return nextOwner(state, 'heroCombat', 'preCombat') ?? cursorAt('refresh');
      }
      if (c.phase === 'preCombat') return cursorAt(c.loop, c.part, c.owner, 'combat', 'declareAttackers');
      const post = cursorAt('assault', c.part!, c.owner!, 'postCombat');
      if (c.part === 'soldierCombat') {
        const defender = state.combat?.defender;
        switch (c.step) {
          case 'afterAttack':
            return defender && isLiving(state, defender) ? cursorAt(c.loop, c.part, c.owner, c.phase, 'declareBlockers') : post;
          case 'afterBlocks':
            return cursorAt(c.loop, c.part, c.owner, c.phase, 'placeDamage');
          default:
            return post;
        }
      }
      switch (c.step) {
        case 'afterAttack':
          return cursorAt(c.loop, c.part, c.owner, c.phase, 'placeDamage');
        case 'afterHeroAttack':
          return cursorAt(c.loop, c.part, c.owner, c.phase, 'declareAttackers');
        default:
          return post;
      }
    }
    case 'refresh':
      return cursorAt('endTurn');
    case 'endTurn':
      return cursorAt('endTurn');
  }
}

/** The same part (and first phase) for the next Deva in part order, or null when the part's round is over. */
function nextOwner(state: DvState, part: Cursor['part'], phase: Phase | undefined): Cursor | null {
  const c = state.cursor;
  const owner = c.owner ? nextInPartOrder(state, c.owner) : null;
  if (!owner) return null;
  return cursorAt(c.loop, part, owner, phase);
}

function combatStart(state: DvState, part: 'soldierCombat' | 'heroCombat'): Cursor {
  return cursorAt('assault', part, effectiveOrderHolder(state), 'preCombat');
}

/** A move that ends a phase, part or loop (blessing is lost, DV-R6), not just a combat step. */
export function endsPhase(from: Cursor, to: Cursor): boolean {
  return from.loop !== to.loop || from.part !== to.part || from.owner !== to.owner || from.phase !== to.phase;
}

/** A window of `owner`'s, priority with it, no pass yet. */
function windowOf(owner: string): Priority {
  return { holder: owner, passes: 0, owner };
}

/** Opens what the new segment starts with: a window, a due declaration, or a loop-entry event. `cursor` is one `cursorAt` built. */
export function enter(d: Draft, cursor: Cursor): void {
  const s = d.s;
  s.cursor = cursor;
  s.priority = null;
  s.due = null;
  s.next = null;
  switch (cursor.loop) {
    case 'prompt':
      s.next = 'promptApply';
      return;
    case 'refresh':
      s.next = 'refreshApply';
      return;
    case 'draw':
      if (s.players.every((p) => p.eliminated || p.drewThisTurn)) s.next = 'close';
      return;
    case 'endTurn':
      if (effectiveOrderHolder(s) !== s.orderHolder) s.next = 'turnEnd';
      return;
    case 'construction':
      if (cursor.part === 'calling') s.priority = windowOf(cursor.owner!);
      return;
    case 'assault': {
      const owner = cursor.owner!;
      if (cursor.phase === 'preCombat') {
        s.combat = { kind: cursor.part === 'soldierCombat' ? 'soldier' : 'hero', attacker: owner, declared: false, defender: null, attackers: [], blocks: [], target: null, placed: false, pendingFaith: [] };
        s.priority = windowOf(owner);
      } else if (cursor.phase === 'postCombat') {
        // The combat record stays until the part ends: a second declaration is ATTACK_ALREADY_DECLARED.
        if (s.combat) {
          const combat = d.combat();
          combat.placed = false;
          combat.pendingFaith = [];
        }
        s.priority = windowOf(owner);
      } else if (cursor.step === 'declareAttackers') {
        if (cursor.part === 'heroCombat' && s.combat) {
          const combat = d.combat();
          combat.attackers = [];
          combat.blocks = [];
          combat.target = null;
          combat.placed = false;
          combat.pendingFaith = [];
        }
        s.due = { kind: cursor.part === 'soldierCombat' ? 'DeclareSoldierAttack' : 'DeclareHeroAttack', player: owner };
      } else if (cursor.step === 'declareBlockers') {
        s.due = { kind: 'DeclareBlockers', player: s.combat!.defender! };
      } else if (cursor.step === 'placeDamage') {
        s.due = { kind: 'PlaceCombatDamage', player: owner };
      } else {
        s.priority = windowOf(owner);
      }
      return;
    }
    default:
      return;
  }
}
