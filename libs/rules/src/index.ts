export * from './rule-violation';
export * from './game-system';
export * from './registry';
export * from './replay';
export * from './same-event';
export * from './born-from-blood';
export { simulateGame, simulateGames } from './born-from-blood/simulate';
export * from './snapshot';
export * from './insights';
