import { startGame } from './testing/harness';

it('smoke', () => {
  const t = startGame({ p1: { hand: ['m2a'] } });
  expect(t.state.turn).toBe(1);
  expect(t.p('p1').n).toBe(3);
  t.advanceTo('main');
  t.do('PlayCard', 'p1', { cardId: t.find('p1', 'm2a'), destination: 'mercenary' });
  t.advanceTo('combat');
  t.attackUndefended(t.find('p1', 'm2a', 'mercenary'), 'Slash');
  expect(t.p('p2').hp).toBe(3800);
  t.endTurn();
  expect(t.p('p2').n).toBe(3);
});
