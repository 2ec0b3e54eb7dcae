import type { DvCard, DvElement } from '@cardlog/events';

// The demo catalog `demo-dv@1`: original cards written for Cardlog (no printed Devacurse card is
// reproduced). Card texts are informational; the simulator records what they do as effect events,
// following the `play` note each card carries in SIM_PLAYS.

type Play = 'damage' | 'burnFaith' | 'draw' | 'empower' | 'mend' | 'returnTop' | 'seize' | 'bindGuardian' | 'severGuardian' | 'equip' | 'none';

interface Spec {
  readonly id: string;
  readonly name: string;
  readonly elements: DvElement[];
}

const soldier = (s: Spec, cost: number, icons: number, at: number, df: number, flash = false): DvCard => ({
  id: s.id,
  name: s.name,
  type: 'soldier',
  subtypes: ['Warrior'],
  elements: s.elements,
  flash,
  blessingCost: { generic: cost, ...(s.elements[0] && icons > 0 ? { [s.elements[0]]: icons } : {}) },
  at,
  df,
  text: flash ? '! (Flash). A soldier that answers the call at any time.' : 'A soldier of the Deva war.',
});

const hero = (s: Spec, at: number, ap: number, lv1: number, lv2: number, lv2Stats: { at: number; ap: number }): DvCard => ({
  id: s.id,
  name: s.name,
  type: 'hero',
  subtypes: ['Avatar'],
  elements: s.elements,
  flash: false,
  at,
  ap,
  guardianCost: {
    lv1: s.elements[0] ? { [s.elements[0]]: lv1 } : { generic: lv1 },
    lv2: s.elements[1] ? { [s.elements[1]]: 1, generic: lv2 - 1 } : { generic: lv2 },
  },
  lv2Stats,
  text: `LV1 ${at}/${ap}; LV2 ${lv2Stats.at}/${lv2Stats.ap}.`,
});

const event = (s: Spec, kind: 'incantation' | 'invention', cost: number, icons: number, options: { flash?: boolean; turnCount?: number; persistent?: boolean; targetCount?: number; text: string }): DvCard => ({
  id: s.id,
  name: s.name,
  type: 'event',
  eventKind: kind,
  subtypes: [kind === 'incantation' ? 'Curse event' : 'War equipment event'],
  elements: s.elements,
  flash: options.flash ?? false,
  blessingCost: { generic: cost, ...(s.elements[0] && icons > 0 ? { [s.elements[0]]: icons } : {}) },
  ...(options.turnCount !== undefined ? { turnCount: options.turnCount, eventPersistence: 'battlefield' as const } : { eventPersistence: options.persistent ? ('battlefield' as const) : ('instant' as const) }),
  ...(options.targetCount !== undefined ? { targetCount: options.targetCount } : {}),
  text: options.text,
});

const E = (id: string, name: string, ...elements: DvElement[]): Spec => ({ id, name, elements });

/** What each event does when the simulator plays it (recorded as effects, never read by the rules). */
export const SIM_PLAYS: ReadonlyMap<string, Play> = new Map<string, Play>();
const plays = SIM_PLAYS as Map<string, Play>;

function elementSet(el: DvElement, names: readonly string[]): DvCard[] {
  const [s1, s2, s3, s4, s5, h, i1, i2, v1] = names;
  const p = el.slice(0, 2);
  const cards = [
    soldier(E(`dv-${p}-s1`, s1!, el), 0, 1, 2, 1),
    soldier(E(`dv-${p}-s2`, s2!, el), 1, 1, 3, 2),
    soldier(E(`dv-${p}-s3`, s3!, el), 1, 2, 4, 3),
    soldier(E(`dv-${p}-s4`, s4!, el), 3, 1, 5, 4),
    soldier(E(`dv-${p}-s5`, s5!, el), 1, 1, 2, 2, true),
    hero(E(`dv-${p}-h1`, h!, el), 3, 5, 2, 2, { at: 5, ap: 7 }),
    event(E(`dv-${p}-i1`, i1!, el), 'incantation', 1, 1, { flash: true, targetCount: 1, text: '! (Flash). Put 2 damage counters on target Soldier or Hero.' }),
    event(E(`dv-${p}-i2`, i2!, el), 'incantation', 1, 1, { targetCount: 1, text: 'Target Deva loses 3 Faith.' }),
    event(E(`dv-${p}-v1`, v1!, el), 'invention', 1, 1, { turnCount: 2, text: 'Turn counter 2. While it stands, you draw well: when it enters, draw 1 card.' }),
  ];
  plays.set(`dv-${p}-i1`, 'damage');
  plays.set(`dv-${p}-i2`, 'burnFaith');
  plays.set(`dv-${p}-v1`, 'draw');
  return cards;
}

const ELEMENT_CARDS: DvCard[] = [
  ...elementSet('earth', ['Clay Sentinel', 'Basalt Pikeman', 'Ridge Ogre', 'Mountain Colossus', 'Burrow Scout', 'Prithvi the Unmoved', 'Quake Hex', 'Sinking Ground', 'Stone Bulwark Engine']),
  ...elementSet('water', ['Reed Skirmisher', 'Tide Lancer', 'Coral Knight', 'Abyss Leviathan', 'Mist Runner', 'Varuni of the Deep', 'Undertow', 'Drowning Vow', 'Tidal Water Wheel']),
  ...elementSet('wind', ['Kite Archer', 'Gale Dancer', 'Storm Falconer', 'Thunderhead Roc', 'Zephyr Courier', 'Vayura Skyborn', 'Cutting Gust', 'Breath Stealer', 'Windmill Siegeworks']),
  ...elementSet('fire', ['Ember Imp', 'Flame Duelist', 'Pyre Guard', 'Inferno Drake', 'Spark Raider', 'Agnira Blazecrowned', 'Scorching Bolt', 'Curse of Ash', 'Brazier Catapult']),
  ...elementSet('wood', ['Thorn Sprite', 'Vine Strangler', 'Elderbark Warden', 'Ancient Treant', 'Seedling Swarm', 'Vanadevi of the Grove', 'Bramble Lash', 'Withering Rot', 'Living Palisade']),
  ...elementSet('metal', ['Iron Recruit', 'Chain Halberdier', 'Bronze Automaton', 'Steel Juggernaut', 'Quicksilver Blade', 'Lohasura Ironheart', 'Shrapnel Storm', 'Rust Malediction', 'Forge of Ten Hammers']),
];

const COLOURLESS: DvCard[] = [
  soldier(E('dv-cl-s1', 'Wandering Pilgrim'), 1, 0, 1, 1),
  soldier(E('dv-cl-s2', 'Temple Acolyte'), 2, 0, 2, 2),
  soldier(E('dv-cl-s3', 'Nameless Mercenary'), 3, 0, 3, 3),
  soldier(E('dv-cl-s4', 'Shadow Between Prayers'), 2, 0, 2, 1, true),
  event(E('dv-cl-i1', 'Prayer of Renewal'), 'incantation', 2, 0, { flash: true, targetCount: 1, text: '! (Flash). Remove 2 damage counters from target Soldier or Hero.' }),
  event(E('dv-cl-v1', 'Watchtower of Omens'), 'invention', 2, 0, { turnCount: 3, text: 'Turn counter 3. When it enters, draw 1 card.' }),
  hero(E('dv-cl-h1', 'The Faceless Avatar'), 2, 4, 2, 2, { at: 4, ap: 6 }),
  event(E('dv-cl-i2', 'Oath of Return'), 'incantation', 2, 0, { targetCount: 1, text: "Put target Soldier on top of its owner's Universe." }),
  event(E('dv-cl-i3', 'Covenant of Seizing'), 'incantation', 3, 0, { targetCount: 1, text: 'As an additional cost, discard a card. Gain control of target Soldier.' }),
  event(E('dv-cl-i4', 'Rite of the Restless Dead'), 'incantation', 1, 0, { targetCount: 1, text: 'Put target card of your Cenotaph under a Hero you control as a guardian.' }),
  event(E('dv-cl-i5', 'Severing Gale'), 'incantation', 1, 0, { flash: true, targetCount: 1, text: "! (Flash). Put a guardian of target Hero into its controller's Cenotaph." }),
  { ...event(E('dv-cl-v2', 'Banner of the Vanguard'), 'invention', 1, 0, { persistent: true, targetCount: 1, text: 'War equipment. It enters attached to target Soldier you control.' }), subtypes: ['War equipment event'] },
];
plays.set('dv-cl-i1', 'mend');
plays.set('dv-cl-v1', 'draw');
plays.set('dv-cl-i2', 'returnTop');
plays.set('dv-cl-i3', 'seize');
plays.set('dv-cl-i4', 'bindGuardian');
plays.set('dv-cl-i5', 'severGuardian');
plays.set('dv-cl-v2', 'equip');

const MULTI: DvCard[] = [
  soldier(E('dv-mx-s1', 'Steam Golem', 'fire', 'water'), 2, 1, 4, 3),
  soldier(E('dv-mx-s2', 'Sandstorm Rider', 'earth', 'wind'), 2, 1, 3, 3),
  soldier(E('dv-mx-s3', 'Iron-Root Guardian', 'wood', 'metal'), 2, 1, 3, 4),
  hero(E('dv-mx-h1', 'Rudra of Forge and Flame', 'fire', 'metal'), 4, 6, 3, 2, { at: 6, ap: 8 }),
  hero(E('dv-mx-h2', 'Indrani Storm-and-Sea', 'wind', 'water'), 4, 6, 3, 2, { at: 6, ap: 8 }),
  hero(E('dv-mx-h3', 'Bhumi Bough-Mother', 'earth', 'wood'), 3, 7, 3, 2, { at: 5, ap: 9 }),
  event(E('dv-mx-i1', 'Blessing of Arms', 'metal', 'fire'), 'incantation', 1, 1, { flash: true, targetCount: 1, text: '! (Flash). Target Soldier or Hero gets +2 AT until end of turn.' }),
];
plays.set('dv-mx-i1', 'empower');

export const DEMO_CARDS: readonly DvCard[] = [...ELEMENT_CARDS, ...COLOURLESS, ...MULTI];
