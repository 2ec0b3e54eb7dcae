import { bfbCardSchema } from './card';

const mercenary = {
  id: 'm1',
  name: 'Test Sellsword',
  type: 'Mercenary',
  extra: false,
  colors: ['red'],
  nCost: 3,
  hp: 200,
  combatSkills: [{ id: 'slash', name: 'Slash', damage: 300, cd: 1, nCost: 1 }],
  pray: false,
  worthless: false,
  text: '',
};
const issues = (card: unknown) => bfbCardSchema.safeParse(card).error?.issues.map((i) => `${i.path.join('.')}: ${i.code}`) ?? [];

describe('bfbCardSchema', () => {
  it('accepts a plain Mercenary and an Any Color card', () => {
    expect(issues(mercenary)).toEqual([]);
    expect(issues({ ...mercenary, colors: 'any' })).toEqual([]);
  });

  it('rejects an unknown field', () => {
    expect(issues({ ...mercenary, power: 3 })).toEqual([': unrecognized_keys']);
  });

  it('requires a value for Block, Burn, Evasion and Parry, allows one for Counter and forbids it elsewhere', () => {
    expect(issues({ ...mercenary, keywords: [{ kw: 'Block' }] })).toEqual(['keywords.0.value: custom']);
    expect(issues({ ...mercenary, keywords: [{ kw: 'Block', value: 100 }, { kw: 'Counter' }, { kw: 'Counter', value: 100 }] })).toEqual([]);
    expect(issues({ ...mercenary, keywords: [{ kw: 'Pierce', value: 1 }] })).toEqual(['keywords.0.value: custom']);
    expect(issues({ ...mercenary, keywords: [{ kw: 'Flying' }] })).toEqual(['keywords.0.kw: invalid_value']);
  });

  it('needs nCost on every card but a Character', () => {
    const { nCost: _n, ...noCost } = mercenary;
    expect(issues(noCost)).toEqual(['nCost: custom']);
    expect(issues({ ...noCost, type: 'Character', hp: undefined, combatSkills: undefined })).toEqual([]);
  });

  it('keeps Off-Hand to Items and Field Artifact to Artifacts', () => {
    expect(issues({ ...mercenary, offHand: true })).toEqual(['offHand: custom']);
    expect(issues({ ...mercenary, fieldArtifact: { hostCapacity: 2 } })).toEqual(['fieldArtifact: custom']);
    expect(issues({ ...mercenary, type: 'Artifact', hp: undefined, fieldArtifact: { hostCapacity: 2 } })).toEqual([]);
  });

  it('checks ability kinds, limits and art variants', () => {
    expect(issues({ ...mercenary, abilities: [{ id: 'a', kind: 'order', limit: 'oncePerGame' }] })).toEqual([]);
    expect(issues({ ...mercenary, abilities: [{ id: 'a', kind: 'instant' }] })).toEqual(['abilities.0.kind: invalid_value']);
    expect(issues({ ...mercenary, artVariants: [{ artId: 'm1-sa' }] })).toEqual(['artVariants.0.special: invalid_type']);
  });
});
