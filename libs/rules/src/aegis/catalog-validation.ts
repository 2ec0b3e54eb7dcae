import type { AgCard } from '@cardlog/events';

export interface CatalogIssue {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly cardId: string;
  readonly message: string;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * Catalog validation (§2.1): the power budget of src §13 as errors, the recommended colour
 * requirements of src §4.5 as warnings (AG-R26), plus the structural sanity rules.
 */
export function validateCatalog(cards: readonly AgCard[]): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const seen = new Set<string>();
  for (const card of cards) {
    const issue = (code: string, severity: 'error' | 'warning', message: string) => issues.push({ code, severity, cardId: card.id, message: `${card.id} (${card.name}): ${message}` });
    if (seen.has(card.id)) issue('CAT_DUPLICATE_ID', 'error', 'the catalog lists this id twice');
    seen.add(card.id);
    const mainDeck = card.type !== 'Aegis';
    if (card.type === 'Unit' && (!isInt(card.power) || card.power < 0 || card.power > 8)) issue('CAT_POWER_RANGE', 'error', `power ${card.power} is not an integer in 0..8`);
    if (card.type === 'Unit' && (!isInt(card.runeCost) || card.runeCost < 1 || card.runeCost > 6)) issue('CAT_UNIT_COST_RANGE', 'error', `runeCost ${card.runeCost} is not an integer in 1..6`);
    if (card.type === 'Spell' && (!isInt(card.manaCost) || card.manaCost < 1 || card.manaCost > 6)) issue('CAT_SPELL_COST_RANGE', 'error', `manaCost ${card.manaCost} is not an integer in 1..6`);
    if (mainDeck && (card.runePips?.length ?? 0) > 3) issue('CAT_PIPS_RANGE', 'error', `${card.runePips!.length} rune pips; at most 3`);
    if (card.colors.length > 2 || new Set(card.colors).size !== card.colors.length) issue('CAT_COLORS', 'error', `colours [${card.colors.join(', ')}]: at most 2, no repeats`);
    if (card.colors.includes('neutral')) issue('CAT_COLORS', 'error', "'neutral' is a pip, not a colour: a neutral card has colors []");
    const req = card.colorReq ?? {};
    const reqKeys = Object.keys(req);
    const reqTotal = reqKeys.reduce((n, k) => n + (req[k] ?? 0), 0);
    for (const k of reqKeys) if (!card.colors.includes(k)) issue('CAT_REQ_COLORS', 'error', `colour requirement ${k} is not one of the card's colours`);
    if (card.type === 'Unit' && isInt(card.runeCost)) {
      if (reqTotal > card.runeCost) issue('CAT_REQ_LE_COST', 'error', `colour requirements total ${reqTotal} > runeCost ${card.runeCost}: it could never be paid`);
      if (reqTotal > 3) issue('CAT_REQ_TOTAL', 'warning', `colour requirements total ${reqTotal}; the rulebook recommends at most 3`);
      if (card.runeCost <= 2 && reqTotal > 1) issue('CAT_REQ_LOW_COST', 'warning', `cost ${card.runeCost} with colour requirements ${reqTotal}; the rulebook recommends at most 1 at cost 1–2`);
      if (card.runeCost >= 5 && reqTotal > 3) issue('CAT_REQ_HIGH_COST', 'warning', `cost ${card.runeCost} with colour requirements ${reqTotal}; the rulebook recommends at most 3 at cost 5–6`);
    }
    if (card.type !== 'Unit' && reqKeys.length > 0) issue('CAT_REQ_COLORS', 'error', 'only a Unit has colour requirements');
    if (card.type === 'Aegis' && (card.runeCost !== undefined || card.manaCost !== undefined || card.cost !== undefined || card.runePips !== undefined || card.power !== undefined)) {
      issue('CAT_AEGIS_SHAPE', 'error', 'an Aegis card has no cost, pips or power');
    }
  }
  return issues;
}
