import type { BlessingCost, DvElement, GuardianCost } from '@cardlog/events';
import { DV_ELEMENTS } from '@cardlog/events';
import { BlessingKind, DvState, Pool, cardOf, catalogCard, gcCount } from './state';
import { fail } from './decide/guards';

export type Payment = readonly { readonly slot: DvElement | 'generic'; readonly with: BlessingKind }[];

/**
 * DV-R7, [2nd-A]: a payment matches a blessing cost exactly. Element icons are paid with that
 * element, the printed number (plus a declared X) with any blessing; colourless pays only the number.
 */
export function checkPayment(cost: BlessingCost | undefined, x: number | undefined, payment: Payment, pool: Pool, where: string): void {
  // Runs for every call and paid skill of a replay: counting loops, nothing built unless it fails.
  const c = cost ?? { generic: 0 };
  if (x !== undefined && !c.x) fail('PAYMENT_MISMATCH', `${where}: X is declared for a cost without X`);
  if (c.x && x === undefined) fail('PAYMENT_MISMATCH', `${where}: the cost has X; declare it`);
  for (const e of DV_ELEMENTS) {
    let slots = 0;
    let foreign = false;
    for (let i = 0; i < payment.length; i++) {
      const p = payment[i]!;
      if (p.slot !== e) continue;
      slots++;
      if (p.with !== e) foreign = true;
    }
    if (slots !== (c[e] ?? 0)) fail('PAYMENT_MISMATCH', `${where}: the cost has ${c[e] ?? 0} ${e}, the payment names ${slots}`, { element: e });
    if (foreign) fail('PAYMENT_MISMATCH', `${where}: a ${e} icon is paid only with ${e} blessing`, { element: e });
  }
  let generic = 0;
  for (let i = 0; i < payment.length; i++) if (payment[i]!.slot === 'generic') generic++;
  const want = c.generic + (x ?? 0);
  if (generic !== want) fail('PAYMENT_MISMATCH', `${where}: the generic amount is ${want}${x !== undefined ? ` (with X = ${x})` : ''}, the payment names ${generic}`);
  // Each kind paid with, in the order it first appears in the payment.
  for (let i = 0; i < payment.length; i++) {
    const kind = payment[i]!.with;
    if (firstIndexOf(payment, kind) !== i) continue;
    let n = 0;
    for (let j = i; j < payment.length; j++) if (payment[j]!.with === kind) n++;
    if (pool[kind] < n) fail('INSUFFICIENT_BLESSING', `${where}: the pool holds ${pool[kind]} ${kind} blessing, the payment needs ${n}`, { kind, have: pool[kind], need: n });
  }
}

function firstIndexOf(payment: Payment, kind: BlessingKind): number {
  for (let i = 0; i < payment.length; i++) if (payment[i]!.with === kind) return i;
  return -1;
}

/** Element slots of a guardian cost, one entry per card. */
function elementSlots(gc: GuardianCost): DvElement[] {
  const out: DvElement[] = [];
  for (const e of DV_ELEMENTS) for (let i = 0; i < (gc[e] ?? 0); i++) out.push(e);
  return out;
}

/** Can distinct cards fill every element slot? (augmenting paths; slots and cards are few) */
function slotsFillable(slots: readonly DvElement[], cards: readonly (readonly DvElement[])[]): boolean {
  const owner: (number | -1)[] = cards.map(() => -1);
  const tryFill = (slot: number, seen: boolean[]): boolean => {
    for (let c = 0; c < cards.length; c++) {
      if (seen[c] || !cards[c]!.includes(slots[slot]!)) continue;
      seen[c] = true;
      if (owner[c] === -1 || tryFill(owner[c] as number, seen)) {
        owner[c] = slot;
        return true;
      }
    }
    return false;
  };
  for (let s = 0; s < slots.length; s++) if (!tryFill(s, cards.map(() => false))) return false;
  return true;
}

function elementsOf(state: DvState, ids: readonly string[]): DvElement[][] {
  return ids.map((id) => catalogCard(state, cardOf(state, id)!).elements);
}

/** DV-R17: the Cenotaph holds cards that could pay this guardian cost. */
export function cenotaphCanPay(state: DvState, cenotaph: readonly string[], gc: GuardianCost): boolean {
  return cenotaph.length >= gcCount(gc) && slotsFillable(elementSlots(gc), elementsOf(state, cenotaph));
}

/** DV-R15, DV-R18: the named guardians are exactly what the cost asks for. */
export function guardiansMatch(state: DvState, guardians: readonly string[], gc: GuardianCost): boolean {
  return guardians.length === gcCount(gc) && slotsFillable(elementSlots(gc), elementsOf(state, guardians));
}

/** Picks guardians from a Cenotaph for a cost (the simulator's choice), or null. */
export function pickGuardians(state: DvState, cenotaph: readonly string[], gc: GuardianCost): string[] | null {
  const picked: string[] = [];
  const rest = [...cenotaph];
  for (const e of elementSlots(gc)) {
    const i = rest.findIndex((id) => catalogCard(state, cardOf(state, id)!).elements.length === 1 && catalogCard(state, cardOf(state, id)!).elements[0] === e);
    const j = i >= 0 ? i : rest.findIndex((id) => catalogCard(state, cardOf(state, id)!).elements.includes(e));
    if (j < 0) return null;
    picked.push(rest.splice(j, 1)[0]!);
  }
  for (let i = 0; i < (gc.generic ?? 0); i++) {
    if (rest.length === 0) return null;
    picked.push(rest.shift()!);
  }
  return guardiansMatch(state, picked, gc) ? picked : null;
}
